import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";

/** Spec 2 §9: search starts at 2 characters and shows at most 6 suggestions. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 6;

export type SearchSuggestion = { artNo: number; shortDescription: string; brand: string };

/** Makes `%`, `_` and `\` in a shopper's term match themselves in a LIKE pattern (escape char `\`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** How many rows, in description order, the first (cheap) walk looks at. */
const ORDERED_PREFIX_ROWS = 10_000;

/**
 * Listed products whose short description contains the term, case-insensitive, ordered by
 * description, at most 6 (spec 2 §7.3). Reads only `product_search`'s listed rows, the narrow copy
 * of the products that a trigger keeps in step with `products` (12 MB at 100 000 products, so it stays
 * cached; a `products` row is ~1 kB because the long HTML description is inline).
 *
 * 1. Walk its (sort_key, art_no) index in description order, index-only (the table is vacuumed by
 *    the seed, else by autovacuum after the migration's backfill), and stop at the sixth match:
 *    terms of 3+ characters look at the first 10 000 entries (~1-2 ms; the six there are the first
 *    six of all for words throughout the catalogue: "ketting", "gel", "band"). A 2-character term
 *    has no trigram, so it walks on until the sixth match ("ke", "ca" stop early; at worst the
 *    whole index, ~18 ms for "zz", which nothing contains).
 * 2. Otherwise all matches through the trigram index, sorted, the first six. Measured on the
 *    100 000-product bench (EXPLAIN ANALYZE, PostgreSQL 15): "shimano", whose 7 237 matches all
 *    start their descriptions at ~66 % of the order, 2.5 + 4.3 ms here against 18.8 ms when the
 *    covering index on `products` was walked to its 66 000th entry (the trigram index there would
 *    have cost ~5 700 wide row visits); rare words ("energie") add ~0.1 ms to the walk.
 *
 * The walks are subqueries fenced by LIMIT / OFFSET 0 so the planner cannot turn them into "all
 * matches, then sort", and the trigram step is fenced so it cannot turn into the ordered walk: its
 * row estimates for `LIKE '%…%'` are far off in both directions.
 */
export async function searchSuggestions(db: Db, rawTerm: string): Promise<SearchSuggestion[]> {
  const term = rawTerm.trim();
  if (term.length < SEARCH_MIN_CHARS) return [];
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  type Row = { art_no: number; short_description: string; brand: string };

  // The walk reads ArtNo and sort key from the index alone; only the (at most six) matches are
  // joined to their rows for the description and brand.
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT s.art_no, s.short_description, s.brand FROM (
        SELECT art_no, sort_key FROM (
          SELECT art_no, sort_key FROM product_search WHERE is_listed ORDER BY sort_key, art_no
          ${term.length >= 3 ? sql`LIMIT ${ORDERED_PREFIX_ROWS}` : sql`OFFSET 0`}
        ) in_order
        WHERE sort_key LIKE ${pattern} ESCAPE '\\'
        ORDER BY sort_key, art_no
        LIMIT ${SEARCH_MAX_RESULTS}
      ) hit JOIN product_search s USING (art_no)
      ORDER BY s.sort_key, s.art_no`),
  );
  const found =
    rows.length === SEARCH_MAX_RESULTS || term.length < 3
      ? rows
      : rowsOf<Row>(
          await db.execute(sql`
            SELECT art_no, short_description, brand FROM (
              SELECT art_no, sort_key, short_description, brand FROM product_search
              WHERE is_listed AND sort_key LIKE ${pattern} ESCAPE '\\'
              OFFSET 0
            ) matches
            ORDER BY sort_key, art_no
            LIMIT ${SEARCH_MAX_RESULTS}`),
        );
  return found.map((r) => ({ artNo: Number(r.art_no), shortDescription: r.short_description, brand: r.brand }));
}
