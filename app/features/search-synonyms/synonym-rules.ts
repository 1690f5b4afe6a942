import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";
import { foldWord, isArtNoQuery, SEARCH_TEXT_MAX } from "./search-text";

/**
 * The search synonyms' rules (issue 30 item 9, ADR 0044): what the admin may enter, and how a query
 * is rewritten. One-way: "fietsketting ⇒ ketting" makes a search for "fietsketting" a search for
 * "ketting", never the other way round. Pure: unit-tested next to this file.
 */

export type Synonym = { id: number; term: string; replacement: string };

export const SYNONYM_MIN_LENGTH = 2;
/** A term of more words is a phrase nobody types the same way twice. */
export const SYNONYM_MAX_WORDS = 5;
/** The whole list is held in memory by every process: it stays a list a person keeps up. */
export const SYNONYM_MAX_COUNT = 1000;

export type SynonymField = "term" | "replacement";

export type SynonymInput = { term: string; replacement: string };

export type SynonymParse = { ok: true; synonym: SynonymInput } | { ok: false; field: SynonymField; message: string };

const collapse = (value: string) => value.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
const foldPhrase = (value: string) => collapse(value).split(" ").map(foldWord).join(" ");

/**
 * The admin's form, checked: both fields present, text a person types, 2 to 100 characters, a term
 * of at most five words with a letter in it (an ArtNo is never rewritten), unlike its replacement and
 * not already in the list (`others`: the list without the synonym being edited).
 */
export function parseSynonymForm(
  raw: { term: string | null; replacement: string | null },
  others: readonly Pick<Synonym, "term">[],
): SynonymParse {
  const fail = (field: SynonymField, message: string): SynonymParse => ({ ok: false, field, message });
  if (raw.term != null && hasInvalidCharacters(raw.term)) return fail("term", INVALID_CHARACTERS_MESSAGE);
  if (raw.replacement != null && hasInvalidCharacters(raw.replacement)) {
    return fail("replacement", INVALID_CHARACTERS_MESSAGE);
  }
  const term = collapse(raw.term ?? "");
  const replacement = collapse(raw.replacement ?? "");
  if (!term) return fail("term", "Enter the word shoppers search for.");
  if (term.length < SYNONYM_MIN_LENGTH) return fail("term", "The search term needs at least 2 characters.");
  if (term.length > SEARCH_TEXT_MAX) return fail("term", "The search term can be at most 100 characters.");
  if (!/\p{L}/u.test(term) || isArtNoQuery(term)) {
    return fail("term", "The search term needs a letter: an ArtNo always finds its own product.");
  }
  if (term.split(" ").length > SYNONYM_MAX_WORDS) return fail("term", "The search term can be at most 5 words.");
  if (!replacement) return fail("replacement", "Enter what the shop should search for instead.");
  if (replacement.length < SYNONYM_MIN_LENGTH) {
    return fail("replacement", "The replacement needs at least 2 characters.");
  }
  if (replacement.length > SEARCH_TEXT_MAX)
    return fail("replacement", "The replacement can be at most 100 characters.");
  const folded = foldPhrase(term);
  if (foldPhrase(replacement) === folded)
    return fail("replacement", "The replacement must differ from the search term.");
  if (others.some((other) => foldPhrase(other.term) === folded)) {
    return fail("term", `There is already a synonym for "${term}": edit that one.`);
  }
  return { ok: true, synonym: { term, replacement } };
}

/** The synonyms as the rewrite looks them up: by the folded first word, longest phrase first. */
export type SynonymTable = ReadonlyMap<string, readonly { words: readonly string[]; replacement: string }[]>;

export function synonymTable(synonyms: readonly Pick<Synonym, "term" | "replacement">[]): SynonymTable {
  const table = new Map<string, { words: string[]; replacement: string }[]>();
  for (const { term, replacement } of synonyms) {
    const words = collapse(term).split(" ").map(foldWord);
    if (!words[0]) continue;
    const entries = table.get(words[0]) ?? [];
    entries.push({ words, replacement });
    table.set(words[0], entries);
  }
  for (const entries of table.values()) entries.sort((a, b) => b.words.length - a.words.length);
  return table;
}

/**
 * The query the search runs for what the shopper typed: each word or phrase that is a synonym's term
 * replaced by its replacement, once (a replacement is not looked up again, so a chain or a loop in
 * the list cannot run away), the other words as typed. An ArtNo query is returned as it came.
 */
export function rewriteWith(table: SynonymTable, query: string): string {
  if (table.size === 0 || isArtNoQuery(query)) return query;
  const words = query.trim().split(/\s+/);
  const keys = words.map(foldWord);
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < words.length;) {
    const match = table.get(keys[i]!)?.find((entry) => entry.words.every((word, j) => keys[i + j] === word));
    if (match) {
      out.push(match.replacement);
      i += match.words.length;
      changed = true;
    } else {
      out.push(words[i]!);
      i++;
    }
  }
  return changed ? out.join(" ") : query;
}
