import { sql, type SQL } from "drizzle-orm";
import { FACET_COUNT_CAP, SEARCH_SAMPLE_BLOCKS, SEARCH_SAMPLE_PER_BLOCK } from "./facet-caps";
import type { LargeFacet } from "./large-listing.server";
import type { SearchQuery } from "~/features/search";
import { scopeBlockWalk, termWalk } from "~/features/search/index.server";

/**
 * Counts for a search with more than EXACT_SEARCH_LIMIT matches (issue 14). Counting and sorting
 * every match of a common word ("shimano": 73 668 of a million products) for the total and each
 * facet cost 0.5–1.9 s per page view, while the shopper sees 20 products. Here every count walks
 * the matches through search_blocks (search-walk.server.ts) and stops: the total one past its cap,
 * the facets and price bounds in a sample of the matches spread over the whole description order
 * (in description order alone they would see the first few brands: descriptions start with the
 * brand). The page says so ("Meer dan 1.000 producten", counts as "(25+)").
 */

/**
 * The rows of the aggregate, in the shape of the exact one (listing.server.ts): t -1 the total
 * (counted to one past `totalCap`), -2 the price bounds, a filter type id for a facet value, with
 * `lo` FACET_COUNT_CAP to mark its count as sampled (a lower bound).
 */
export function largeSearchAggregate(options: {
  query: SearchQuery;
  /** The categories searched (their matches are counted through the category blocks), or null for the whole shop. */
  categoryIds: number[] | null;
  /** Scope and every active filter over `b`, or null when there are neither. */
  filtered: SQL | null;
  priceConditions: SQL;
  facets: LargeFacet[];
  totalCap: number;
  maxValues: number;
}): SQL {
  const { query, totalCap, maxValues } = options;
  const spread = { blocks: SEARCH_SAMPLE_BLOCKS, perBlock: SEARCH_SAMPLE_PER_BLOCK };
  const listing = options.filtered ?? undefined;
  const { categoryIds } = options;
  // In categories, their own blocks: the shop-wide walks would look up every match they do not hold.
  const total = categoryIds
    ? scopeBlockWalk({ query, categoryIds, listing, limit: totalCap + 1 })
    : termWalk({ query, withBrand: true, listing, limit: totalCap + 1 });
  const sample = categoryIds
    ? scopeBlockWalk({ query, categoryIds, limit: FACET_COUNT_CAP, spread })
    : termWalk({ query, withBrand: true, listing: sql`TRUE`, limit: FACET_COUNT_CAP, spread });
  const selects: SQL[] = [
    sql`SELECT -1 AS t, NULL::text AS v, (SELECT count(*) FROM (${total}) counted)::int AS n, NULL::int AS lo, NULL::int AS hi`,
    sql`SELECT -2, NULL, 0, min(b.effective_price_cents)::int, max(b.effective_price_cents)::int FROM sample b
        WHERE ${options.priceConditions}`,
  ];
  for (const facet of options.facets) {
    const id = sql.raw(String(Math.trunc(facet.id)));
    selects.push(sql`SELECT * FROM (SELECT ${id} AS t, ${facet.column} AS v, count(*)::int AS n, ${FACET_COUNT_CAP}::int AS lo, NULL::int AS hi
      FROM sample b WHERE ${facet.others ?? sql`TRUE`} AND coalesce(${facet.column}, '') <> ''
      GROUP BY ${facet.column} ORDER BY count(*) DESC, ${facet.column} LIMIT ${maxValues}) s${id}`);
  }
  return sql`
    WITH sample AS MATERIALIZED (${sample})
    ${sql.join(selects, sql` UNION ALL `)}`;
}
