import { arrayItem, intArrayLiteral, textArrayLiteral } from "~/db/array-literal.server";
import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { sanitizeSupplierHtml } from "~/features/catalogue/index.server";
import { checkProductRow, checkStockRow, type ProductChange, type StockChange } from "./fields";
import type { FeedRow } from "./reader.server";

/**
 * One batch of feed rows against the shop, inside the caller's transaction: duplicates found through
 * `supplier_feed_seen`, each row compared with what the shop has, and only new or different rows
 * written (so a repeated file writes nothing). A dry run compares and counts the same way and writes
 * nothing but its bookkeeping.
 */
export type BatchCounts = { created: number; changed: number; unchanged: number };
export type Rejection = { line: number; artNo: string | null; reason: string };
export type BatchResult = BatchCounts & { rejections: Rejection[]; categories: Set<number> };

type Accepted<T> = { line: number; change: T };

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

/*
 * A batch's column as one bound parameter, a PostgreSQL array literal, read with unnest(): one
 * parameter per row and column (3 000 for a batch of stock rows) made each statement slow to send,
 * parse and plan. Joined from unnest() rather than `art_no = ANY(…)`: given a 5 000-element array
 * the planner estimates each element (12 ms of planning) and then chose a hash join over a
 * sequential scan of the whole stock table (251 ms instead of 17 ms at a million products).
 * (array-literal.server.ts builds the literals.)
 */

/**
 * Records the batch's ArtNos for this run; the ones the file had on an earlier line come back as
 * rejections ("duplicate"), so the first occurrence wins, as in the file's order.
 */
async function firstOccurrences<T extends { artNo: number }>(
  tx: DbExecutor,
  runId: number,
  rows: Accepted<T>[],
): Promise<{ fresh: Accepted<T>[]; duplicates: Rejection[] }> {
  if (!rows.length) return { fresh: [], duplicates: [] };
  // In line order: of two rows with one ArtNo in this batch, the earlier line is inserted first.
  const inserted = rowsOf<{ art_no: number; line: number }>(
    await tx.execute(sql`
      INSERT INTO supplier_feed_seen (run_id, art_no, line)
      SELECT ${runId}::bigint, t.art_no, t.line
      FROM unnest(${intArrayLiteral(rows.map((r) => r.change.artNo))}::int[], ${intArrayLiteral(rows.map((r) => r.line))}::int[])
        AS t(art_no, line)
      ORDER BY t.line
      ON CONFLICT DO NOTHING
      RETURNING art_no, line`),
  );
  const won = new Set(inserted.map((r) => `${r.art_no}:${r.line}`));
  const fresh = rows.filter((r) => won.has(`${r.change.artNo}:${r.line}`));
  const lost = rows.filter((r) => !won.has(`${r.change.artNo}:${r.line}`));
  if (!lost.length) return { fresh, duplicates: [] };
  const firstLines = new Map(
    rowsOf<{ art_no: number; line: number }>(
      await tx.execute(sql`
        SELECT art_no, line FROM supplier_feed_seen
        WHERE run_id = ${runId} AND art_no = ANY(${intArrayLiteral(lost.map((r) => r.change.artNo))}::int[])`),
    ).map((r) => [Number(r.art_no), Number(r.line)]),
  );
  return {
    fresh,
    duplicates: lost.map((r) => ({
      line: r.line,
      artNo: String(r.change.artNo),
      reason: `Duplicate ArtNo ${r.change.artNo}: already on line ${firstLines.get(r.change.artNo) ?? "?"}`,
    })),
  };
}

function split<T>(
  rows: FeedRow[],
  check: (values: Record<string, string>) => ReturnType<typeof checkStockRow> | ReturnType<typeof checkProductRow>,
) {
  const accepted: Accepted<T>[] = [];
  const rejections: Rejection[] = [];
  for (const row of rows) {
    if (row.error !== undefined) {
      rejections.push({ line: row.line, artNo: row.artNo ?? null, reason: row.error });
      continue;
    }
    const checked = check(row.values as Record<string, string>);
    if (checked.ok) accepted.push({ line: row.line, change: checked.value as T });
    else rejections.push({ line: row.line, artNo: checked.artNo, reason: checked.reason });
  }
  return { accepted, rejections };
}

// ——— products ———

/** The product columns a feed field writes, with the shop's current value to compare against. */
const PRODUCT_COLUMNS = {
  brand: "brand",
  shortDescription: "short_description",
  longDescriptionHtml: "long_description_html",
  consumerPriceCents: "consumer_price_cents",
  discountedPriceCents: "discounted_price_cents",
  categoryId: "category_id",
  status: "status",
  images: "images",
  vatRate: "vat_rate",
  colour: "colour",
  material: "material",
  size: "size",
  type: "type",
  articleKeyword: "article_keyword",
} as const satisfies Partial<Record<keyof ProductChange, string>>;

type ColumnKey = keyof typeof PRODUCT_COLUMNS;
type ExistingProduct = Record<(typeof PRODUCT_COLUMNS)[ColumnKey], unknown> & { art_no: number; tags: string[] | null };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function applyProductBatch(
  tx: DbExecutor,
  run: { id: number; dryRun: boolean },
  rows: FeedRow[],
  categories: ReadonlySet<number>,
): Promise<BatchResult> {
  const { accepted, rejections } = split<ProductChange>(rows, (v) => checkProductRow(v, categories));
  for (const row of accepted) {
    // Stored sanitised, like every supplier HTML; compared sanitised, so a re-import is "unchanged".
    if (row.change.longDescriptionHtml != null)
      row.change.longDescriptionHtml = sanitizeSupplierHtml(row.change.longDescriptionHtml) || null;
  }
  const { fresh, duplicates } = await firstOccurrences(tx, run.id, accepted);
  rejections.push(...duplicates);
  const result: BatchResult = { created: 0, changed: 0, unchanged: 0, rejections, categories: new Set() };
  if (!fresh.length) return result;

  const existing = new Map(
    rowsOf<ExistingProduct>(
      await tx.execute(sql`
        SELECT p.art_no, ${sql.raw(
          Object.values(PRODUCT_COLUMNS)
            .map((c) => `p.${c}`)
            .join(", "),
        )},
               (SELECT array_agg(t.tag ORDER BY t.tag) FROM product_tags t WHERE t.art_no = p.art_no) AS tags
        FROM unnest(${intArrayLiteral(fresh.map((r) => r.change.artNo))}::int[]) AS t(art_no)
        JOIN products p ON p.art_no = t.art_no`),
    ).map((r) => [Number(r.art_no), r]),
  );

  const writes: ProductChange[] = [];
  const tagWrites: ProductChange[] = [];
  for (const { change } of fresh) {
    const before = existing.get(change.artNo);
    const keys = (Object.keys(PRODUCT_COLUMNS) as ColumnKey[]).filter((k) => k in change);
    const columnsDiffer = !before || keys.some((k) => !same(before[PRODUCT_COLUMNS[k]], change[k]));
    const tagsDiffer = change.tags !== undefined && !same(before?.tags ?? [], change.tags);
    if (!before) result.created++;
    else if (columnsDiffer || tagsDiffer) result.changed++;
    else {
      result.unchanged++;
      continue;
    }
    if (columnsDiffer) writes.push(change);
    if (tagsDiffer) tagWrites.push(change);
    if (change.categoryId != null) result.categories.add(change.categoryId);
    if (before?.category_id != null) result.categories.add(Number(before.category_id));
  }
  if (run.dryRun) return result;

  // Rows with the same set of fields go into one statement (an XML feed may leave fields out).
  const groups = new Map<string, ProductChange[]>();
  for (const change of writes) {
    const keys = (Object.keys(PRODUCT_COLUMNS) as ColumnKey[]).filter((k) => k in change).join(",");
    groups.set(keys, [...(groups.get(keys) ?? []), change]);
  }
  for (const [signature, group] of groups) {
    const keys = (signature ? signature.split(",") : []) as ColumnKey[];
    const columns = ["art_no", ...keys.map((k) => PRODUCT_COLUMNS[k])];
    const tuples = group.map(
      (change) =>
        sql`(${sql.join(
          [
            sql`${change.artNo}`,
            ...keys.map((k) =>
              k === "images"
                ? sql`${`{${(change.images ?? []).map(arrayItem).join(",")}}`}::text[]`
                : sql`${change[k] ?? null}`,
            ),
          ],
          sql`, `,
        )})`,
    );
    const updates = keys.map((k) => `${PRODUCT_COLUMNS[k]} = excluded.${PRODUCT_COLUMNS[k]}`);
    await tx.execute(sql`
      INSERT INTO products (${sql.raw(columns.join(", "))})
      VALUES ${values(tuples)}
      ON CONFLICT (art_no) DO UPDATE SET ${sql.raw([...updates, "updated_at = now()"].join(", "))}`);
  }
  if (tagWrites.length) {
    const artNos = values(tagWrites.map((c) => sql`${c.artNo}`));
    await tx.execute(sql`DELETE FROM product_tags WHERE art_no IN (${artNos})`);
    const pairs = tagWrites.flatMap((c) => (c.tags ?? []).map((tag) => sql`(${c.artNo}, ${tag})`));
    if (pairs.length) await tx.execute(sql`INSERT INTO product_tags (art_no, tag) VALUES ${values(pairs)}`);
  }
  return result;
}

/** One element of a PostgreSQL array literal, quoted. */

// ——— stock ———

export async function applyStockBatch(
  tx: DbExecutor,
  run: { id: number; dryRun: boolean },
  rows: FeedRow[],
): Promise<BatchResult> {
  const { accepted, rejections } = split<StockChange>(rows, (v) => checkStockRow(v));
  const { fresh, duplicates } = await firstOccurrences(tx, run.id, accepted);
  rejections.push(...duplicates);
  const result: BatchResult = { created: 0, changed: 0, unchanged: 0, rejections, categories: new Set() };
  if (!fresh.length) return result;

  const known = new Map(
    rowsOf<{ art_no: number; has_stock: boolean; quantity: number | null; status: string | null }>(
      await tx.execute(sql`
        SELECT p.art_no, s.art_no IS NOT NULL AS has_stock, s.quantity, s.status
        FROM unnest(${intArrayLiteral(fresh.map((r) => r.change.artNo))}::int[]) AS t(art_no)
        JOIN products p ON p.art_no = t.art_no
        LEFT JOIN stock s ON s.art_no = p.art_no`),
    ).map((r) => [Number(r.art_no), r]),
  );
  const writes: StockChange[] = [];
  for (const { line, change } of fresh) {
    const before = known.get(change.artNo);
    if (!before) {
      // A stock feed never creates products.
      rejections.push({
        line,
        artNo: String(change.artNo),
        reason: `ArtNo ${change.artNo} is not a product of the shop`,
      });
      continue;
    }
    const statusDiffers = change.status !== undefined && !same(before.status, change.status);
    if (!before.has_stock) result.created++;
    else if (!same(before.quantity, change.quantity) || statusDiffers) result.changed++;
    else {
      result.unchanged++;
      continue;
    }
    writes.push(change.status === undefined ? { ...change, status: before.status } : change);
  }
  if (run.dryRun || !writes.length) return result;
  await tx.execute(sql`
    INSERT INTO stock (art_no, quantity, status, updated_at)
    SELECT t.art_no, t.quantity, t.status, now()
    FROM unnest(
      ${intArrayLiteral(writes.map((w) => w.artNo))}::int[],
      ${intArrayLiteral(writes.map((w) => w.quantity))}::int[],
      ${textArrayLiteral(writes.map((w) => w.status ?? null))}::text[]
    ) AS t(art_no, quantity, status)
    ORDER BY t.art_no
    ON CONFLICT (art_no) DO UPDATE
      SET quantity = excluded.quantity, status = excluded.status, updated_at = now()`);
  return result;
}
