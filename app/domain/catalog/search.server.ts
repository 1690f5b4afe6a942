import { and, asc, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";

/** Spec 2 §9: search starts at 2 characters and shows at most 6 suggestions. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 6;

export type SearchSuggestion = { artNo: number; shortDescription: string; brand: string };

/** Makes `%`, `_` and `\` in a shopper's term match themselves in a LIKE pattern (escape char `\`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** How many rows, in description order, the first (cheap) attempt looks at. */
const ORDERED_PREFIX_ROWS = 2000;

/**
 * Listed products whose short description contains the term, case-insensitive, ordered by
 * description, at most 6 (spec 2 §7.3). Both partial indexes on `lower(short_description)` serve it:
 *
 * 1. Walk the btree on `lower(short_description)` for the first 2 000 listed rows in order and
 *    keep the matches. Six matches there are the first six of all: one cheap query for every
 *    common word that occurs throughout the catalogue ("ketting", "gel", "ke").
 * 2. Otherwise collect all matches, through the trigram GIN index for terms of 3+ characters,
 *    and sort those. The subquery (with OFFSET 0 as a fence) keeps the planner from walking the
 *    whole btree in order instead, which is ruinous for rare terms: its `LIKE '%…%'` row
 *    estimates are far off in both directions.
 *
 * Terms of 2 characters have no trigram, so a rare one ("zz") costs a scan of the listed rows.
 */
export async function searchSuggestions(db: Db, rawTerm: string): Promise<SearchSuggestion[]> {
  const term = rawTerm.trim();
  if (term.length < SEARCH_MIN_CHARS) return [];
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const lowered = sql`lower(${products.shortDescription})`;
  const listed = sql`${products.isListed}`;
  const columns = {
    artNo: products.artNo,
    shortDescription: products.shortDescription,
    brand: products.brand,
    sortKey: sql<string>`${lowered}`.as("sort_key"),
  };

  const prefix = db
    .select(columns)
    .from(products)
    .where(listed)
    .orderBy(asc(lowered), asc(products.artNo))
    .limit(ORDERED_PREFIX_ROWS)
    .as("prefix");
  let rows = await db
    .select({ artNo: prefix.artNo, shortDescription: prefix.shortDescription, brand: prefix.brand })
    .from(prefix)
    .where(sql`${prefix.sortKey} LIKE ${pattern} ESCAPE '\\'`)
    .orderBy(asc(prefix.sortKey), asc(prefix.artNo))
    .limit(SEARCH_MAX_RESULTS);

  if (rows.length < SEARCH_MAX_RESULTS) {
    const matches = db
      .select(columns)
      .from(products)
      .where(and(listed, sql`${lowered} LIKE ${pattern} ESCAPE '\\'`))
      .offset(0)
      .as("matches");
    rows = await db
      .select({ artNo: matches.artNo, shortDescription: matches.shortDescription, brand: matches.brand })
      .from(matches)
      .orderBy(asc(matches.sortKey), asc(matches.artNo))
      .limit(SEARCH_MAX_RESULTS);
  }
  // Listed rows always have both texts (the is_listed rule); the fallback only satisfies the types.
  return rows.map((r) => ({ artNo: r.artNo, shortDescription: r.shortDescription ?? "", brand: r.brand ?? "" }));
}
