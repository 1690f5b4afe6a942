/**
 * Search text as the owner's tools keep and compare it (ADR 0044). Pure, shared by the synonyms and
 * the search report.
 */

/** A search term, a replacement and a logged query are at most this long (characters). */
export const SEARCH_TEXT_MAX = 100;

/**
 * Lower case, single spaces, NFC, at most 100 characters; control and format characters become
 * spaces (a logged query is kept, not refused, so what no person types is dropped). Accents stay:
 * the owner sees what shoppers typed.
 */
export function normaliseSearchText(raw: string): string {
  const cleaned = raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, " ")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  // Cut by code points, never between the halves of a surrogate pair.
  return Array.from(cleaned).slice(0, SEARCH_TEXT_MAX).join("").trim();
}

/** How words are compared: case and accents folded away (crème = creme, like the search itself). */
export function foldWord(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A query that is an ArtNo (digits only) goes to its product as typed: never rewritten. */
export function isArtNoQuery(query: string): boolean {
  return /^\d+$/.test(query.trim());
}
