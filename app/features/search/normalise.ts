/**
 * How the shop's search reads text: accent- and case-free, cut into words of letters and digits.
 * The database does the same with `search_fold` (sql/search_fold.sql); a test checks they agree.
 */

/** Lowercased, accents removed (crème → creme, Müller → muller). */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ł/g, "l").replace(/ø/g, "o");
}

/** At most this many words of a query count: a pasted sentence should not become a huge query. */
export const MAX_QUERY_WORDS = 6;

/**
 * The words of a shopper's query: folded, split on everything but letters and digits ("MTB-band"
 * → mtb, band; "700x25c" stays one), single characters dropped (they match nearly everything and
 * the block summaries cannot narrow them), duplicates dropped.
 */
export function queryWords(query: string): string[] {
  const words: string[] = [];
  for (const word of fold(query).split(/[^a-z0-9]+/)) {
    if (word.length < 2 || words.includes(word)) continue;
    words.push(word);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words;
}
