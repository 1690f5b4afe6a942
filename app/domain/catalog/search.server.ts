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
/** Up to this many matches, collecting them all through the trigram index and sorting is cheap. */
const FEW_MATCHES = 200;

/**
 * Listed products whose short description contains the term, case-insensitive, ordered by
 * description, at most 6 (spec 2 §7.3). The covering btree on (lower(short_description), art_no,
 * brand, short_description) gives rows in description order without touching the table (an
 * index-only scan: the seed vacuums the table); the trigram GIN index finds rare terms fast, but
 * every match it finds costs a visit to its wide (~1 kB) table row. So:
 *
 * 1. Walk the first 10 000 listed rows in description order (index-only, ~1 ms) and keep the
 *    matches. Six there are the first six of all: every word that occurs throughout the catalogue
 *    ("ketting", "gel", "ke").
 * 2. Terms of 3+ characters: collect at most 201 matches through the trigram index. Up to 200 is
 *    all of them, sorted: the answer (a rare word, "fietsolie").
 * 3. Otherwise (many matches that sit late in the order, like a brand name that starts its
 *    descriptions, "shimano"; or a 2-character term, which has no trigram): walk the whole order
 *    until the sixth match, index-only; at worst the whole index, but never a table row.
 *
 * The walks are subqueries fenced by LIMIT / OFFSET 0 so the planner cannot turn them into "all
 * matches, then sort": its row estimates for `LIKE '%…%'` are far off in both directions.
 */
export async function searchSuggestions(db: Db, rawTerm: string): Promise<SearchSuggestion[]> {
  const term = rawTerm.trim();
  if (term.length < SEARCH_MIN_CHARS) return [];
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  type Row = { art_no: number; short_description: string | null; brand: string | null; found?: number };

  /** The first six matches among the first `rows` listed rows in description order (null: all). */
  const walk = async (rows: number | null) =>
    rowsOf<Row>(
      await db.execute(sql`
        SELECT art_no, short_description, brand FROM (
          SELECT art_no, short_description, brand, lower(short_description) AS sort_key FROM products
          WHERE is_listed ORDER BY sort_key, art_no
          ${rows == null ? sql`OFFSET 0` : sql`LIMIT ${rows}`}
        ) in_order
        WHERE sort_key LIKE ${pattern} ESCAPE '\\'
        ORDER BY sort_key, art_no
        LIMIT ${SEARCH_MAX_RESULTS}`),
    );

  let rows = await walk(ORDERED_PREFIX_ROWS);
  if (rows.length < SEARCH_MAX_RESULTS && term.length >= 3) {
    const some = rowsOf<Row>(
      await db.execute(sql`
        SELECT art_no, short_description, brand, (count(*) OVER ())::int AS found FROM (
          SELECT art_no, short_description, brand FROM products
          WHERE is_listed AND lower(short_description) LIKE ${pattern} ESCAPE '\\'
          LIMIT ${FEW_MATCHES + 1}
        ) some_matches
        ORDER BY lower(short_description), art_no
        LIMIT ${SEARCH_MAX_RESULTS}`),
    );
    rows = some.length === 0 || Number(some[0]!.found) <= FEW_MATCHES ? some : await walk(null);
  } else if (rows.length < SEARCH_MAX_RESULTS) {
    rows = await walk(null);
  }
  // Listed rows always have both texts (the is_listed rule); the fallback only satisfies the types.
  return rows.map((r) => ({
    artNo: Number(r.art_no),
    shortDescription: r.short_description ?? "",
    brand: r.brand ?? "",
  }));
}
