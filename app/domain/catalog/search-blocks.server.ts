import { sql, type SQL } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import type { QueueDefinition } from "~/domain/jobs/worker.server";

/**
 * How many listed products a block of `search_blocks` summarises. Smaller blocks filter better (a
 * block that holds a term's 3-character pieces without the term costs one wasted look of this many
 * index entries) but make more blocks to find; measured on the 1 000 000-product bench
 * (docs/decisions/0024-search-blocks.md).
 */
export const SEARCH_BLOCK_ROWS = 250;

/**
 * The hashes a block must hold for a key in it to contain `term` (lowercased, 2+ characters): the
 * term itself when it has two characters, else each of its 3-character pieces.
 */
export function termGrams(term: string): SQL {
  if (term.length === 2) return sql`ARRAY[hashtext(${term}::text)]`;
  return sql`ARRAY(SELECT DISTINCT hashtext(substr(${term}::text, i, 3)) FROM generate_series(1, length(${term}::text) - 2) i)`;
}

type Bounds = { lo_key: string; lo_art_no: number; hi_key: string | null; hi_art_no: number | null };

/**
 * Re-summarises every dirty block. A block that has grown past twice the block size (a feed import
 * into an empty shop leaves one block of everything) is cut one piece at a time: its first
 * `SEARCH_BLOCK_ROWS` rows become the clean block, the rest a new dirty block, taken next.
 * Each piece is its own short transaction holding search_blocks in EXCLUSIVE mode: suggestions
 * keep reading the old summary meanwhile, and a writer that wants to mark a block dirty waits a few
 * milliseconds, so no row can enter the range between the read and the write of its summary (the
 * trigger's side of this is in migration 0038). A block whose lock does not come within
 * `lockTimeoutMs` (a long import holds it until it commits) stays dirty for the next run.
 */
export async function refreshSearchBlocks(
  db: Db,
  options: { blockRows?: number; lockTimeoutMs?: number } = {},
): Promise<{ refreshed: number; created: number; skipped: number }> {
  const blockRows = options.blockRows ?? SEARCH_BLOCK_ROWS;
  const lockTimeoutMs = Math.trunc(options.lockTimeoutMs ?? 5_000);
  const skippedIds: number[] = [];
  let refreshed = 0;
  let created = 0;
  for (;;) {
    const next = rowsOf<{ id: number }>(
      await db.execute(sql`
        SELECT b.id FROM search_blocks b JOIN search_blocks_dirty d ON d.block_id = b.id
        ${
          skippedIds.length
            ? sql`WHERE b.id NOT IN (${sql.join(
                skippedIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
        ORDER BY b.lo_key, b.lo_art_no LIMIT 1`),
    )[0];
    if (!next) return { refreshed, created, skipped: skippedIds.length };
    const id = Number(next.id);
    try {
      const split = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${lockTimeoutMs}ms'`));
        await tx.execute(sql`LOCK TABLE search_blocks IN EXCLUSIVE MODE`);
        return summariseFirstPiece(tx, id, blockRows);
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
async function summariseFirstPiece(tx: DbExecutor, id: number, blockRows: number): Promise<boolean> {
  const bounds = rowsOf<Bounds>(
    await tx.execute(sql`
      SELECT b.lo_key, b.lo_art_no, nb.lo_key AS hi_key, nb.lo_art_no AS hi_art_no
      FROM search_blocks b
      LEFT JOIN LATERAL (
        SELECT n.lo_key, n.lo_art_no FROM search_blocks n
        WHERE (n.lo_key, n.lo_art_no) > (b.lo_key, b.lo_art_no)
        ORDER BY n.lo_key, n.lo_art_no LIMIT 1
      ) nb ON true
      WHERE b.id = ${id} AND EXISTS (SELECT 1 FROM search_blocks_dirty d WHERE d.block_id = b.id)`),
  )[0];
  if (!bounds) return false; // refreshed by another run meanwhile
  const upper =
    bounds.hi_key == null ? sql`TRUE` : sql`(s.sort_key, s.art_no) < (${bounds.hi_key}, ${Number(bounds.hi_art_no)})`;
  const result = rowsOf<{ split: number }>(
    await tx.execute(sql`
      WITH ahead AS (
        SELECT sort_key, art_no, brand, row_number() OVER (ORDER BY sort_key, art_no) AS rn FROM (
          SELECT s.sort_key, s.art_no, s.brand FROM product_search s
          WHERE s.is_listed AND (s.sort_key, s.art_no) >= (${bounds.lo_key}, ${Number(bounds.lo_art_no)}) AND ${upper}
          ORDER BY s.sort_key, s.art_no LIMIT ${2 * blockRows + 1}
        ) next_rows
      ), taken AS (
        SELECT * FROM ahead WHERE rn <= ${blockRows} OR (SELECT count(*) FROM ahead) <= ${2 * blockRows}
      ), texts AS (
        -- What a search matches: the key, and the brand (the shop's search, not the suggestions).
        SELECT sort_key AS text FROM taken
        UNION
        SELECT lower(brand) FROM taken WHERE brand IS NOT NULL
      ), summary AS (
        -- Every 2- and 3-character piece of every text (termGrams looks them up).
        SELECT (SELECT count(*)::int FROM taken) AS n,
               coalesce((SELECT array_agg(DISTINCT hashtext(substr(t.text, i, g.n)))
                         FROM texts t, generate_series(1, length(t.text) - 1) i, (VALUES (2), (3)) g(n)), '{}') AS grams
      ), summarised AS (
        UPDATE search_blocks SET grams = summary.grams, row_count = summary.n FROM summary WHERE id = ${id}
        RETURNING 1
      ), clean AS (
        DELETE FROM search_blocks_dirty WHERE block_id = ${id}
      ), rest AS (
        INSERT INTO search_blocks (lo_key, lo_art_no, grams, row_count)
        SELECT sort_key, art_no, '{}', 0 FROM ahead
        WHERE rn = ${blockRows + 1} AND (SELECT count(*) FROM ahead) > ${2 * blockRows}
        RETURNING id
      ), rest_dirty AS (
        INSERT INTO search_blocks_dirty (block_id) SELECT id FROM rest
      )
      SELECT (SELECT count(*)::int FROM rest) AS split, (SELECT count(*)::int FROM summarised) AS summarised`),
  )[0]!;
  return Number(result.split) > 0;
}

/**
 * Starts the summary over: one dirty block below every key, which the next refresh splits. For a
 * bulk load that replaced the catalogue (the seed's --reset), where the old boundaries mean nothing.
 */
export async function resetSearchBlocks(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE search_blocks IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM search_blocks_dirty`);
    await tx.execute(sql`DELETE FROM search_blocks`);
    await tx.execute(sql`
      WITH first AS (
        INSERT INTO search_blocks (lo_key, lo_art_no, grams, row_count) VALUES ('', -2147483648, '{}', 0) RETURNING id
      )
      INSERT INTO search_blocks_dirty (block_id) SELECT id FROM first`);
  });
}

export const SEARCH_BLOCKS_QUEUE = "search-blocks";
/** Dirty blocks are correct but slower to search: a minute is short enough, and a refresh is cheap. */
export const SEARCH_BLOCKS_EVERY_MS = 60_000;

/** The recurring refresh, on the import worker: a first summary of a large catalogue takes seconds. */
export function searchBlocksQueue({ db }: { db: Db }): QueueDefinition {
  return {
    backoff: { baseMs: 60_000, maxMs: 60_000 },
    leaseMs: 10 * 60_000,
    run: async (_payload, { logger }) => {
      const summary = await refreshSearchBlocks(db);
      if (summary.refreshed || summary.skipped) logger.info(summary, "search blocks refreshed");
    },
  };
}
