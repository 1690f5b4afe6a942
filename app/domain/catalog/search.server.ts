import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { termGrams } from "./search-blocks.server";

/** Spec 2 §9: search starts at 2 characters and shows at most 6 suggestions. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 6;

export type SearchSuggestion = { artNo: number; shortDescription: string; brand: string };

/** Makes `%`, `_` and `\` in a shopper's term match themselves in a LIKE pattern (escape char `\`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Listed products whose short description contains the term, case-insensitive, ordered by
 * description, at most 6 (spec 2 §7.3). Reads only `product_search`'s listed rows, the narrow copy
 * of the products that a trigger keeps in step with `products` (a `products` row is ~1 kB because
 * the long HTML description is inline), through its (sort_key, art_no) index, index-only.
 *
 * It reads the blocks of `search_blocks` (search-blocks.server.ts) that can hold a match, in
 * description order, each through that index up to its end, and stops at the sixth match: a common
 * word is found in the first block that has it, a rare one costs the few blocks that hold all its
 * 3-character pieces (a 2-character term: itself) without it.
 *
 * The candidate blocks are sorted before the lateral reads (a few hundred rows at most), so the
 * nested loop stops pulling blocks at the sixth match; each block's upper bound is the next block's
 * lower bound, found through the unique index on (lo_key, lo_art_no). The last block has no upper
 * bound: the UNION ALL's branches are switched by a condition on the block alone, so each is an
 * index range scan that ends at its bound. The range scans are fenced (OFFSET 0) so the LIKE is a
 * filter on them: the planner, which expects ~100 rows for any LIKE '%…%', would otherwise fetch
 * all of a common term's matches through the trigram index for every block (118 ms for "700x25c").
 */
export async function searchSuggestions(db: Db, rawTerm: string): Promise<SearchSuggestion[]> {
  const term = rawTerm.trim();
  if (term.length < SEARCH_MIN_CHARS) return [];
  const lowered = term.toLowerCase();
  const pattern = `%${escapeLike(lowered)}%`;
  type Row = { art_no: number; short_description: string; brand: string };
  const matches = sql`
        SELECT m.art_no, m.sort_key FROM (
          SELECT b.lo_key, b.lo_art_no FROM search_blocks b WHERE b.grams @> ${termGrams(lowered)}
          UNION
          SELECT b.lo_key, b.lo_art_no FROM search_blocks b JOIN search_blocks_dirty d ON d.block_id = b.id
          ORDER BY lo_key, lo_art_no
        ) c
        LEFT JOIN LATERAL (
          SELECT n.lo_key AS hi_key, n.lo_art_no AS hi_art_no FROM search_blocks n
          WHERE (n.lo_key, n.lo_art_no) > (c.lo_key, c.lo_art_no)
          ORDER BY n.lo_key, n.lo_art_no LIMIT 1
        ) h ON true
        CROSS JOIN LATERAL (
          (SELECT r.art_no, r.sort_key FROM (
             SELECT s.art_no, s.sort_key FROM product_search s
             WHERE h.hi_key IS NOT NULL AND s.is_listed
               AND (s.sort_key, s.art_no) >= (c.lo_key, c.lo_art_no) AND (s.sort_key, s.art_no) < (h.hi_key, h.hi_art_no)
             ORDER BY s.sort_key, s.art_no OFFSET 0
           ) r WHERE r.sort_key LIKE ${pattern} ESCAPE '\\' LIMIT ${SEARCH_MAX_RESULTS})
          UNION ALL
          (SELECT r.art_no, r.sort_key FROM (
             SELECT s.art_no, s.sort_key FROM product_search s
             WHERE h.hi_key IS NULL AND s.is_listed AND (s.sort_key, s.art_no) >= (c.lo_key, c.lo_art_no)
             ORDER BY s.sort_key, s.art_no OFFSET 0
           ) r WHERE r.sort_key LIKE ${pattern} ESCAPE '\\' LIMIT ${SEARCH_MAX_RESULTS})
        ) m
        LIMIT ${SEARCH_MAX_RESULTS}`;
  // Only the (at most six) matches are joined to their rows for the description and brand.
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT s.art_no, s.short_description, s.brand FROM (${matches}) hit
      JOIN product_search s USING (art_no)
      ORDER BY s.sort_key, s.art_no`),
  );
  return rows.map((r) => ({ artNo: Number(r.art_no), shortDescription: r.short_description, brand: r.brand }));
}
