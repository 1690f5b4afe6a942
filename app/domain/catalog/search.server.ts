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

/**
 * Listed products whose short description contains the term, case-insensitive (spec 2 §7.3).
 * `lower(short_description)` matches the two partial indexes on listed products: the trigram
 * GIN index serves long terms, and the btree on the same expression lets PostgreSQL walk rows
 * in order and stop after 6 for short, common terms where trigrams cannot narrow anything.
 */
export async function searchSuggestions(db: Db, rawTerm: string): Promise<SearchSuggestion[]> {
  const term = rawTerm.trim();
  if (term.length < SEARCH_MIN_CHARS) return [];
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const lowered = sql`lower(${products.shortDescription})`;
  const rows = await db
    .select({ artNo: products.artNo, shortDescription: products.shortDescription, brand: products.brand })
    .from(products)
    .where(and(sql`${products.isListed}`, sql`${lowered} LIKE ${pattern} ESCAPE '\\'`))
    .orderBy(asc(lowered), asc(products.artNo))
    .limit(SEARCH_MAX_RESULTS);
  // Listed rows always have both texts (the is_listed rule); the fallback only satisfies the types.
  return rows.map((r) => ({ artNo: r.artNo, shortDescription: r.shortDescription ?? "", brand: r.brand ?? "" }));
}
