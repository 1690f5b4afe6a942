import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { termWalk } from "./search-walk.server";

/** Spec 2 §9: search starts at 2 characters and shows at most 6 suggestions. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 6;

export type SearchSuggestion = { artNo: number; shortDescription: string; brand: string };

/**
 * Listed products whose short description contains the term, case-insensitive, ordered by
 * description, at most 6 (spec 2 §7.3). Reads only `product_search`'s listed rows, the narrow copy
 * of the products that a trigger keeps in step with `products` (a `products` row is ~1 kB because
 * the long HTML description is inline), through the blocks that can hold a match (termWalk): a
 * common word is found in the first block that has it, a rare one costs the few blocks that hold
 * all its 3-character pieces (a 2-character term: itself) without it.
 */
export async function searchSuggestions(db: Db, rawTerm: string): Promise<SearchSuggestion[]> {
  const term = rawTerm.trim();
  if (term.length < SEARCH_MIN_CHARS) return [];
  type Row = { art_no: number; short_description: string; brand: string };
  const matches = termWalk({ term, withBrand: false, limit: SEARCH_MAX_RESULTS });
  // Only the (at most six) matches are joined to their rows for the description and brand.
  const rows = rowsOf<Row>(
    await db.execute(
      sql`
      SELECT s.art_no, s.short_description, s.brand FROM (${matches}) hit
      JOIN product_search s USING (art_no)
      ORDER BY s.sort_key, s.art_no`,
    ),
  );
  return rows.map((r) => ({ artNo: Number(r.art_no), shortDescription: r.short_description, brand: r.brand }));
}
