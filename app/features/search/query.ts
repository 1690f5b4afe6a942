import { inflectionPattern, matchForms } from "./dutch-stem";
import { queryWords } from "./normalise";
import { allowedEdits, editDistance, prefixDistance } from "./typo";

/** One word of a shopper's query, as the search matches it. */
export type QueryWord = {
  /** As typed, folded (accent- and case-free). */
  typed: string;
  /** What a product's name or brand must contain for an exact match: the word's stem forms. */
  forms: string[];
  /** Vocabulary words a typo away (none below 5 characters): a match through one ranks below every exact match. */
  corrections: string[];
};

/** A shopper's query, compiled: every word must match, in any order. */
export type SearchQuery = { words: QueryWord[] };

/** At most this many corrections per word, the nearest first: a vague word should not match everything. */
export const MAX_CORRECTIONS = 6;

/** The words of a query with their stem forms; corrections come from the vocabulary (withCorrections). */
export function parseQuery(raw: string): SearchQuery {
  return { words: queryWords(raw).map((typed) => ({ typed, forms: matchForms(typed), corrections: [] })) };
}

/** The words whose typos are worth looking up in the vocabulary (5 characters or more, not digits only). */
export function correctable(query: SearchQuery): string[] {
  return query.words.filter((w) => allowedEdits(w.typed.length) > 0 && !/^\d+$/.test(w.typed)).map((w) => w.typed);
}

/**
 * The query with each word's corrections: the candidates (vocabulary words sharing trigrams with
 * it) that are within its allowed edits, as a whole word or, for the word being typed (`prefixLast`),
 * as the start of one. Candidates that contain one of the word's forms are exact matches already.
 */
export function withCorrections(
  query: SearchQuery,
  candidates: ReadonlyMap<string, readonly string[]>,
  options: { prefixLast?: boolean } = {},
): SearchQuery {
  const last = query.words.length - 1;
  return {
    words: query.words.map((word, index) => {
      const max = allowedEdits(word.typed.length);
      if (!max) return word;
      const prefix = options.prefixLast && index === last;
      const scored = (candidates.get(word.typed) ?? [])
        .filter((candidate) => !word.forms.some((form) => candidate.includes(form)))
        .map((candidate) => ({
          candidate,
          edits: prefix ? prefixDistance(word.typed, candidate, max) : editDistance(word.typed, candidate, max),
        }))
        .filter((c) => c.edits <= max)
        .sort(
          (a, b) =>
            a.edits - b.edits || a.candidate.length - b.candidate.length || a.candidate.localeCompare(b.candidate),
        );
      return { ...word, corrections: scored.slice(0, MAX_CORRECTIONS).map((c) => c.candidate) };
    }),
  };
}

export function hasCorrections(query: SearchQuery): boolean {
  return query.words.some((w) => w.corrections.length > 0);
}

/** The same query without its corrections: the exact matches only. */
export function exactOnly(query: SearchQuery): SearchQuery {
  return { words: query.words.map((w) => ({ ...w, corrections: [] })) };
}

/** A regular expression (PostgreSQL ARE) for a word of the text that is one of the forms, inflected or not. */
export function wholeWordPattern(forms: readonly string[]): string {
  return `\\m(${forms.map((form) => `${form}${inflectionPattern(form)}`).join("|")})\\M`;
}

/** A regular expression for a word of the text that starts with one of the forms. */
export function wordStartPattern(forms: readonly string[]): string {
  return `\\m(${forms.join("|")})`;
}

/** The query as a shopper would read it back: each word corrected to its nearest vocabulary word. */
export function correctedText(query: SearchQuery): string {
  return query.words.map((w) => w.corrections[0] ?? w.typed).join(" ");
}

/**
 * The pieces a text must contain one of, without those that contain another piece: a text holding
 * "kettingolie" holds "ketting", so testing the longer one adds nothing but a fold and a LIKE per row
 * (a typo's corrections, as shoppers type, are often one word and its compounds).
 */
export function withoutContaining(pieces: readonly string[]): string[] {
  const unique = [...new Set(pieces)];
  return unique.filter((piece) => !unique.some((other) => other !== piece && piece.includes(other)));
}
