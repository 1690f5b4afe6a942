import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { FACET_COUNT_CAP } from "./facet-caps";

/**
 * Counts for a huge category (issue 14). Counting every product of a 50 000-product category for
 * the total and each facet costs five index scans of 50 000 entries per page view (36 ms at a
 * million products), while the shopper sees 20 products. Here every count is either read from a
 * kept summary or stops after a fixed number of rows, so a page costs the same whatever the
 * category's size; a count that stopped is a lower bound and the page says so ("meer dan 1.000").
 */

export type CategorySize = { listed: number; cachedTypes: Set<number> };

/**
 * The listed products of one category (kept by triggers, migration 0032) and the filter types
 * filter_values_cache holds values for: one round trip over a few small rows.
 */
export async function categorySize(db: Db, categoryId: number): Promise<CategorySize> {
  const [row] = rowsOf<{ listed: number | null; cached: number[] | null }>(
    await db.execute(sql`
      SELECT (SELECT listed FROM listed_product_counts WHERE category_id = ${categoryId}) AS listed,
             (SELECT array_agg(DISTINCT filter_type_id) FROM filter_values_cache WHERE category_id = ${categoryId}) AS cached`),
  );
  return {
    listed: Number(row?.listed ?? 0),
    cachedTypes: new Set((row?.cached ?? []).map(Number)),
  };
}

/** The SQL pieces of one facet, built by listing.server.ts (it owns the filter columns). */
export type LargeFacet = {
  id: number;
  column: SQL;
  /** Conditions of every OTHER active filter, or null when none is active. */
  others: SQL | null;
  /** This facet's own filter is active (its counts then ignore it, so need a scan of their own). */
  ownActive: boolean;
};

/**
 * The rows of the aggregate, in the shape of the exact one: t -1 total, -2 price bounds, a filter
 * type id for a facet value. `lo` of a facet row tells how many products its count saw, so the
 * caller knows whether the count stopped at the cap.
 */
export function largeAggregate(options: {
  categoryId: number;
  listed: number;
  cachedTypes: Set<number>;
  base: SQL;
  conditions: SQL | null;
  priceConditions: SQL;
  facets: LargeFacet[];
  totalCap: number;
  maxValues: number;
}): SQL {
  const { categoryId, base, conditions, priceConditions, totalCap, maxValues } = options;
  // The category in price order, filtered outside the OFFSET 0 fence: the planner then walks the
  // (category, price) index and stops at the LIMIT. With the filters inside, it trusted its
  // catalogue-wide estimate (84 rows where 6 537 matched), read the whole category from another
  // index and sorted it (5–8 ms at a million products).
  const byPrice = sql`(SELECT * FROM base b ORDER BY b.effective_price_cents OFFSET 0) b`;
  const selects: SQL[] = [
    // No filter: the kept count is exact. With filters: count until one past the cap.
    conditions
      ? sql`SELECT -1 AS t, NULL::text AS v, count(*)::int AS n, NULL::int AS lo, NULL::int AS hi FROM matched`
      : sql`SELECT -1 AS t, NULL::text AS v, ${options.listed}::int AS n, NULL::int AS lo, NULL::int AS hi`,
    // min/max walk the (category, price) index from either end: a few entries, not the category.
    sql`SELECT -2, NULL, 0, min(b.effective_price_cents)::int, max(b.effective_price_cents)::int FROM base b
        WHERE ${priceConditions}`,
  ];
  // The cache is rebuilt per category for all its filter types at once: a category with any cache
  // rows has none for a type only when no product carries a value of it.
  const cacheBuilt = options.cachedTypes.size > 0;
  for (const facet of options.facets) {
    const id = sql.raw(String(Math.trunc(facet.id)));
    if (cacheBuilt && !options.cachedTypes.has(facet.id)) continue;
    if (!facet.others && cacheBuilt) {
      // Nothing else filters this facet: filter_values_cache holds exactly these counts, rebuilt
      // by every write that changes a category's products (admin edits, feed imports, seeds).
      selects.push(sql`SELECT * FROM (SELECT ${id} AS t, value AS v, product_count AS n, NULL::int AS lo, NULL::int AS hi
        FROM filter_values_cache WHERE category_id = ${categoryId} AND filter_type_id = ${facet.id}
        ORDER BY product_count DESC, value LIMIT ${maxValues}) c${id}`);
      continue;
    }
    if (conditions && !facet.ownActive) {
      // Filtered by every active filter, as the total: counted in the one shared sample. `lo` says
      // how many products that was.
      selects.push(sql`SELECT * FROM (SELECT ${id} AS t, v, count(*)::int AS n, (SELECT count(*) FROM first)::int AS lo, NULL::int AS hi
        FROM (SELECT ${facet.column} AS v FROM first b WHERE coalesce(${facet.column}, '') <> '') sample
        GROUP BY v ORDER BY count(*) DESC, v LIMIT ${maxValues}) s${id}`);
    } else {
      // Count the values among the first FACET_COUNT_CAP products only; `lo` says how many that was.
      selects.push(sql`SELECT * FROM (SELECT ${id} AS t, v, count(*)::int AS n, (sum(count(*)) OVER ())::int AS lo, NULL::int AS hi
      FROM (SELECT ${facet.column} AS v FROM ${byPrice}
            WHERE ${facet.others ?? sql`TRUE`} AND coalesce(${facet.column}, '') <> '' LIMIT ${FACET_COUNT_CAP}) sample
      GROUP BY v ORDER BY count(*) DESC, v LIMIT ${maxValues}) s${id}`);
    }
    // Values of the category the sample may have missed, so each stays selectable.
    if (cacheBuilt) {
      selects.push(sql`SELECT * FROM (SELECT ${id} AS t, value AS v, NULL::int AS n, NULL::int AS lo, NULL::int AS hi
        FROM filter_values_cache WHERE category_id = ${categoryId} AND filter_type_id = ${facet.id}
        ORDER BY product_count DESC, value LIMIT ${maxValues}) k${id}`);
    }
  }
  // The products matching every filter, in price order, one past the total's cap: read once for the
  // total, and their first FACET_COUNT_CAP are the sample of the facets whose own filter is
  // inactive. Samples walk the price order: in name order they would see a few brands only
  // (descriptions start with the brand).
  const matched = conditions
    ? sql`, matched AS MATERIALIZED (
        SELECT b.brand, b.colour, b.material, b.size, b.type FROM ${byPrice} WHERE ${conditions}
        LIMIT ${totalCap + 1}
      ),
      first AS MATERIALIZED (SELECT * FROM matched LIMIT ${FACET_COUNT_CAP})`
    : sql``;
  return sql`
    WITH base AS NOT MATERIALIZED (
      SELECT b.art_no, b.brand, b.colour, b.material, b.size, b.type, b.effective_price_cents
      FROM products b WHERE ${base}
    )${matched}
    ${sql.join(selects, sql` UNION ALL `)}`;
}
