import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { summaryFromRow, type ProductSummary, type ProductSummaryRow } from "./product-summary";
import { rowsOf } from "~/db/rows.server";

const PROBES = 12;

const COLUMNS = sql.raw(`p.art_no, p.brand, p.short_description, p.consumer_price_cents, p.discounted_price_cents,
  p.effective_price_cents, p.reference_price_cents, p.images[1] AS image, s.quantity, p.vat_rate::int AS vat_rate`);

const isInStock = (p: ProductSummary) => (p.stockQuantity ?? 0) > 0;

/**
 * `count` randomly picked listed products for the home page (spec 2 §9: 4, random), in-stock ones first.
 *
 * ORDER BY random() would read and sort the whole catalogue (100 000 rows) on every home-page view.
 * Instead we throw PROBES random darts into the art_no range and take, for each, the first listed
 * product at or after it: a primary-key index probe each, so the cost does not grow with the catalogue.
 * Gaps in the numbering make some products a little likelier than others, which is fine for a showcase.
 */
export async function getFeaturedProducts(db: Db, count = 4): Promise<ProductSummary[]> {
  const probed = rowsOf<ProductSummaryRow>(
    await db.execute<ProductSummaryRow>(sql`
      WITH bounds AS (
        SELECT (SELECT art_no FROM products WHERE is_listed ORDER BY art_no LIMIT 1) AS lo,
               (SELECT art_no FROM products WHERE is_listed ORDER BY art_no DESC LIMIT 1) AS hi
      ),
      probes AS (
        SELECT lo + floor(random() * (hi - lo + 1))::int AS at FROM bounds, generate_series(1, ${sql.raw(String(PROBES))})
        WHERE lo IS NOT NULL
      ),
      picked AS (
        SELECT DISTINCT hit.art_no FROM probes
        CROSS JOIN LATERAL (
          SELECT art_no FROM products WHERE is_listed AND art_no >= probes.at ORDER BY art_no LIMIT 1
        ) hit
      )
      SELECT ${COLUMNS}
      FROM picked
      JOIN products p ON p.art_no = picked.art_no
      LEFT JOIN stock s ON s.art_no = p.art_no
      ORDER BY (coalesce(s.quantity, 0) > 0) DESC, random()`),
  ).map(summaryFromRow);

  const picks = probed.filter(isInStock).slice(0, count);
  if (picks.length < count) {
    // Unlucky darts or a small catalogue: walk the index for more in-stock products, from a random
    // point onwards and then from the start, and only then settle for products without stock.
    const have = () => picks.map((p) => p.artNo);
    const notPicked = () => (picks.length ? sql`p.art_no NOT IN (${sql.join(have(), sql`, `)})` : sql`true`);
    for (const from of [
      sql`(SELECT lo + floor(random() * (hi - lo + 1))::int FROM (SELECT min(art_no) AS lo, max(art_no) AS hi FROM products WHERE is_listed) b)`,
      sql`0`,
    ]) {
      if (picks.length >= count) break;
      const more = await db.execute<ProductSummaryRow>(sql`
        SELECT ${COLUMNS} FROM products p JOIN stock s ON s.art_no = p.art_no
        WHERE p.is_listed AND s.quantity > 0 AND p.art_no >= ${from} AND ${notPicked()}
        ORDER BY p.art_no LIMIT ${count - picks.length}`);
      picks.push(...rowsOf<ProductSummaryRow>(more).map(summaryFromRow));
    }
    for (const p of probed) if (picks.length < count && !isInStock(p)) picks.push(p);
    if (picks.length < count) {
      const rest = await db.execute<ProductSummaryRow>(sql`
        SELECT ${COLUMNS} FROM products p LEFT JOIN stock s ON s.art_no = p.art_no
        WHERE p.is_listed AND ${notPicked()}
        ORDER BY p.art_no LIMIT ${count - picks.length}`);
      picks.push(...rowsOf<ProductSummaryRow>(rest).map(summaryFromRow));
    }
  }
  return picks;
}
