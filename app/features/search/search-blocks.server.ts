import { sql, type SQL } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import type { QueueDefinition } from "~/shared/jobs/worker.server";
import { forgetCorrections } from "./corrections.server";
import { forgetCatalogueSize } from "./search-strategy.server";

/**
 * How many listed products a block of `search_blocks` summarises. Smaller blocks filter better (a
 * block that holds a term's 3-character pieces without the term costs one wasted look of this many
 * index entries) but make more blocks to find; measured on the 1 000 000-product bench
 * (docs/decisions/0024-search-blocks.md).
 */
export const SEARCH_BLOCK_ROWS = 250;

/**
 * One block summary: the listed rows of `source` (alias `s`) cut into blocks in the order of
 * `sourceKeys` (an index's order, the ArtNo last making it total), named `keys` (the name key
 * `sort_key`), each block starting at its lower bound (`bounds`, position by position) and holding
 * the grams of its rows' name keys and brands.
 */
type BlockOrder = {
  blocks: string;
  dirty: string;
  source: string;
  sourceKeys: readonly string[];
  keys: readonly string[];
  bounds: readonly string[];
  /** This summary's refresh also adds its blocks' words to search_words (the typo vocabulary). */
  words?: boolean;
};

/** Description order, for the suggestions and a search's name orders (ADR 0024). */
const NAME_BLOCKS: BlockOrder = {
  blocks: "search_blocks",
  dirty: "search_blocks_dirty",
  source: "product_search",
  sourceKeys: ["s.sort_key", "s.art_no"],
  keys: ["sort_key", "art_no"],
  bounds: ["lo_key", "lo_art_no"],
  words: true,
};

/** Price order (price, description, ArtNo), for a search's price orders (ADR 0025). */
const PRICE_BLOCKS: BlockOrder = {
  blocks: "price_blocks",
  dirty: "price_blocks_dirty",
  source: "listing_stock_order",
  sourceKeys: ["s.effective_price_cents", "s.sort_key", "s.art_no"],
  keys: ["effective_price_cents", "sort_key", "art_no"],
  bounds: ["lo_price", "lo_key", "lo_art_no"],
};

/**
 * Category order (category, description, ArtNo: products_listed_category_name_idx), for a search in
 * categories that hold few of a term's matches (ADR 0025). Products without a category are in none.
 */
const CATEGORY_BLOCKS: BlockOrder = {
  blocks: "category_blocks",
  dirty: "category_blocks_dirty",
  source: "products",
  sourceKeys: ["s.category_id", "lower(s.short_description)", "s.art_no"],
  keys: ["category_id", "sort_key", "art_no"],
  bounds: ["lo_category", "lo_key", "lo_art_no"],
};

const BLOCK_ORDERS = [NAME_BLOCKS, PRICE_BLOCKS, CATEGORY_BLOCKS] as const;

/** A list of columns, each with an optional alias: `s.sort_key, s.art_no`. */
function columns(names: readonly string[], alias?: string): SQL {
  return sql.raw(names.map((name) => (alias ? `${alias}.${name}` : name)).join(", "));
}

function values(row: Record<string, unknown>, names: readonly string[]): SQL {
  return sql.join(
    names.map((name) => sql`${row[name]}`),
    sql`, `,
  );
}

export type RefreshSummary = { refreshed: number; created: number; skipped: number };

/** Re-summarises the dirty blocks of every summary (name, price and category order). */
export async function refreshSearchBlocks(
  db: Db,
  options: { blockRows?: number; lockTimeoutMs?: number } = {},
): Promise<{ names: RefreshSummary; prices: RefreshSummary; categories: RefreshSummary }> {
  const names = await refreshBlocks(db, NAME_BLOCKS, options);
  // The name summary's refresh adds the new names' words to the vocabulary (NAME_BLOCKS.words).
  if (names.refreshed) {
    forgetCorrections(db);
    forgetCatalogueSize(db);
  }
  return {
    names,
    prices: await refreshBlocks(db, PRICE_BLOCKS, options),
    categories: await refreshBlocks(db, CATEGORY_BLOCKS, options),
  };
}

/**
 * Re-summarises every dirty block of one summary. A block that has grown past twice the block size
 * (a feed import into an empty shop leaves one block of everything) is cut one piece at a time: its
 * first `SEARCH_BLOCK_ROWS` rows become the clean block, the rest a new dirty block, taken next.
 * Each piece is its own short transaction holding the summary in EXCLUSIVE mode: searches keep
 * reading the old summary meanwhile, and a writer that wants to mark a block dirty waits a few
 * milliseconds, so no row can enter the range between the read and the write of its summary (the
 * trigger's side of this is in migrations 0038 and 0046). A block whose lock does not come within
 * `lockTimeoutMs` (a long import holds it until it commits) stays dirty for the next run.
 */
async function refreshBlocks(
  db: Db,
  order: BlockOrder,
  options: { blockRows?: number; lockTimeoutMs?: number },
): Promise<RefreshSummary> {
  const blockRows = options.blockRows ?? SEARCH_BLOCK_ROWS;
  const lockTimeoutMs = Math.trunc(options.lockTimeoutMs ?? 5_000);
  const blocks = sql.raw(order.blocks);
  const skippedIds: number[] = [];
  let refreshed = 0;
  let created = 0;
  for (;;) {
    const next = rowsOf<{ id: number }>(
      await db.execute(sql`
        SELECT b.id FROM ${blocks} b JOIN ${sql.raw(order.dirty)} d ON d.block_id = b.id
        ${
          skippedIds.length
            ? sql`WHERE b.id NOT IN (${sql.join(
                skippedIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
        ORDER BY ${columns(order.bounds, "b")} LIMIT 1`),
    )[0];
    if (!next) return { refreshed, created, skipped: skippedIds.length };
    const id = Number(next.id);
    try {
      const split = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${lockTimeoutMs}ms'`));
        await tx.execute(sql`LOCK TABLE ${blocks} IN EXCLUSIVE MODE`);
        return summariseFirstPiece(tx, order, id, blockRows);
      });
      refreshed++;
      if (split) created++;
    } catch (error) {
      if ((error as { code?: string }).code !== "55P03" && !/lock timeout/i.test(String(error))) throw error;
      skippedIds.push(id);
    }
  }
}

/**
 * Under the caller's lock: summarises the dirty block `id`, whole when at most twice the block size
 * remains, else its first block's worth, with the rest split off as a new dirty block starting at
 * the next row. Tells whether it split.
 */
async function summariseFirstPiece(tx: DbExecutor, order: BlockOrder, id: number, blockRows: number): Promise<boolean> {
  const blocks = sql.raw(order.blocks);
  const dirty = sql.raw(order.dirty);
  const bounds = columns(order.bounds);
  const keys = columns(order.keys);
  const sourceKeys = sql.raw(order.sourceKeys.join(", "));
  const named = sql.raw(order.sourceKeys.map((key, i) => `${key} AS ${order.keys[i]}`).join(", "));
  // The next block's lower bound, as hi_<bound>: this block's upper bound (none for the last).
  const upperNames = order.bounds.map((name) => `hi_${name}`);
  const block = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      SELECT ${columns(order.bounds, "b")}, ${sql.raw(order.bounds.map((name, i) => `nb.${name} AS ${upperNames[i]}`).join(", "))}
      FROM ${blocks} b
      LEFT JOIN LATERAL (
        SELECT ${columns(order.bounds, "n")} FROM ${blocks} n
        WHERE (${columns(order.bounds, "n")}) > (${columns(order.bounds, "b")})
        ORDER BY ${columns(order.bounds, "n")} LIMIT 1
      ) nb ON true
      WHERE b.id = ${id} AND EXISTS (SELECT 1 FROM ${dirty} d WHERE d.block_id = b.id)`),
  )[0];
  if (!block) return false; // refreshed by another run meanwhile
  const upper = block[upperNames[0]!] == null ? sql`TRUE` : sql`(${sourceKeys}) < (${values(block, upperNames)})`;
  const result = rowsOf<{ split: number }>(
    await tx.execute(sql`
      WITH ahead AS (
        SELECT ${keys}, brand, row_number() OVER (ORDER BY ${keys}) AS rn FROM (
          SELECT ${named}, s.brand FROM ${sql.raw(order.source)} s
          WHERE s.is_listed AND (${sourceKeys}) >= (${values(block, order.bounds)}) AND ${upper}
          ORDER BY ${sourceKeys} LIMIT ${2 * blockRows + 1}
        ) next_rows
      ), taken AS (
        SELECT * FROM ahead WHERE rn <= ${blockRows} OR (SELECT count(*) FROM ahead) <= ${2 * blockRows}
      ), texts AS (
        -- What a search matches: the key, and the brand (the shop's search, not the suggestions),
        -- as stored and accent-free (a shopper's "creme" finds "crème": search_fold).
        SELECT sort_key AS text FROM taken
        UNION
        SELECT lower(brand) FROM taken WHERE brand IS NOT NULL
        UNION
        SELECT search_fold(sort_key) FROM taken
        UNION
        SELECT search_fold(brand) FROM taken WHERE brand IS NOT NULL
      ), vocabulary AS (
        ${
          order.words
            ? sql`INSERT INTO search_words (word)
        SELECT DISTINCT w FROM texts t, regexp_split_to_table(search_fold(t.text), '[^a-z0-9]+') w
        WHERE length(w) >= 2
        ON CONFLICT (word) DO NOTHING`
            : sql`SELECT 1`
        }
      ), summary AS (
        -- Every 2- and 3-character piece of every text (termGrams in app/features/search/match-sql.server.ts looks them up).
        SELECT (SELECT count(*)::int FROM taken) AS n,
               coalesce((SELECT array_agg(DISTINCT hashtext(substr(t.text, i, g.n)))
                         FROM texts t, generate_series(1, length(t.text) - 1) i, (VALUES (2), (3)) g(n)), '{}') AS grams
      ), summarised AS (
        UPDATE ${blocks} SET grams = summary.grams, row_count = summary.n FROM summary WHERE id = ${id}
        RETURNING 1
      ), clean AS (
        DELETE FROM ${dirty} WHERE block_id = ${id}
      ), rest AS (
        INSERT INTO ${blocks} (${bounds}, grams, row_count)
        SELECT ${keys}, '{}', 0 FROM ahead
        WHERE rn = ${blockRows + 1} AND (SELECT count(*) FROM ahead) > ${2 * blockRows}
        RETURNING id
      ), rest_dirty AS (
        INSERT INTO ${dirty} (block_id) SELECT id FROM rest
      )
      SELECT (SELECT count(*)::int FROM rest) AS split, (SELECT count(*)::int FROM summarised) AS summarised`),
  )[0]!;
  return Number(result.split) > 0;
}

/**
 * Starts every summary over: one dirty block below every key, which the next refresh splits. For
 * a bulk load that replaced the catalogue (the seed's --reset), where the old boundaries mean nothing.
 */
export async function resetSearchBlocks(db: Db): Promise<void> {
  for (const order of BLOCK_ORDERS) {
    const blocks = sql.raw(order.blocks);
    const dirty = sql.raw(order.dirty);
    const lowest = sql.join(
      order.bounds.map((name) => (name === "lo_key" ? sql`''` : sql`-2147483648`)),
      sql`, `,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${blocks} IN EXCLUSIVE MODE`);
      await tx.execute(sql`DELETE FROM ${dirty}`);
      await tx.execute(sql`DELETE FROM ${blocks}`);
      await tx.execute(sql`
        WITH first AS (
          INSERT INTO ${blocks} (${columns(order.bounds)}, grams, row_count) VALUES (${lowest}, '{}', 0) RETURNING id
        )
        INSERT INTO ${dirty} (block_id) SELECT id FROM first`);
    });
  }
  forgetCatalogueSize(db);
}

export const SEARCH_BLOCKS_QUEUE = "search-blocks";

declare module "~/shared/jobs/queue.server" {
  interface JobPayloads {
    "search-blocks": Record<string, never>;
  }
}
/** Dirty blocks are correct but slower to search: a minute is short enough, and a refresh is cheap. */
export const SEARCH_BLOCKS_EVERY_MS = 60_000;

/** The recurring refresh, on a worker of its own: a first summary of a large catalogue takes seconds. */
export function searchBlocksQueue({ db }: { db: Db }): QueueDefinition<typeof SEARCH_BLOCKS_QUEUE> {
  return {
    backoff: { baseMs: 60_000, maxMs: 60_000 },
    leaseMs: 10 * 60_000,
    run: async (_payload, { logger }) => {
      const { names, prices, categories } = await refreshSearchBlocks(db);
      if (names.refreshed || names.skipped) logger.info(names, "search blocks refreshed");
      if (prices.refreshed || prices.skipped) logger.info(prices, "price blocks refreshed");
      if (categories.refreshed || categories.skipped) logger.info(categories, "category blocks refreshed");
    },
  };
}
