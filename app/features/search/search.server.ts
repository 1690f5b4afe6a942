import { sql } from "drizzle-orm";
import { textArrayLiteral } from "~/db/array-literal.server";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { correctionCandidates } from "./corrections.server";
import { termMatches } from "./search-strategy.server";
import { relevanceColumns } from "./match-sql.server";
import { correctable, parseQuery, wholeWordPattern, withCorrections, type SearchQuery } from "./query";
import { editDistance } from "./typo";

/** Spec 2 §9: search starts at 2 characters and shows at most 6 suggestions. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 6;

/**
 * How many matches (in name order) the suggestions rank: the best six of these are shown. All of a
 * term's matches at a small shop; at a million products the first 200 in name order, so a common
 * word's suggestions are the most relevant of those (a cost of ~1 ms instead of ranking 70 000).
 */
export const SUGGESTION_POOL = 200;

export type SearchSuggestion = { artNo: number; shortDescription: string; brand: string };

/** The query's words are digits only: an ArtNo (which the block summaries do not hold). */
export function isArtNoQuery(query: SearchQuery): boolean {
  return query.words.length > 0 && query.words.every((w) => /^\d+$/.test(w.typed));
}

/**
 * A shopper's query compiled for the search (the one entry point that turns raw text into what the
 * walks match): its words folded and stemmed, and each word of 5+ characters with its corrections
 * from the vocabulary (one round trip for the words not looked up lately, only when a word is long
 * enough to have typos: correctionCandidates).
 * `prefixLast`: the last word is still being typed, so it is corrected as the start of a word.
 */
export async function compileSearch(db: Db, raw: string, options: { prefixLast?: boolean } = {}): Promise<SearchQuery> {
  const parsed = parseQuery(raw);
  const words = correctable(parsed);
  if (!words.length) return parsed;
  const candidates = await correctionCandidates(db, words);
  return withCorrections(parsed, candidates, options);
}

/**
 * The header's suggestions (spec 2 §7.3, issue 30): listed products whose name holds every word of
 * the query (stemmed, accent-free, typos corrected; the last word as typed so far), the most
 * relevant first (search-relevance: exact before corrected, whole word before word start before
 * inside a word, in stock first, then the name), at most 6. An ArtNo typed whole comes first.
 */
export async function searchSuggestions(db: Db, rawTerm: string): Promise<SearchSuggestion[]> {
  const term = rawTerm.trim();
  if (term.length < SEARCH_MIN_CHARS) return [];
  const query = await compileSearch(db, term, { prefixLast: true });
  if (!query.words.length) return [];
  type Row = { art_no: number; short_description: string; brand: string };
  const byArtNo = isArtNoQuery(query) && query.words.length === 1 ? Number(query.words[0]!.typed) : null;
  const matches = await termMatches(db, { query, withBrand: false, limit: SUGGESTION_POOL });
  const rows = rowsOf<Row>(
    await db.execute(
      sql`
      SELECT art_no, short_description, brand FROM (
        SELECT f.*, ${relevanceColumns(sql`f`, query, false)} FROM (
          SELECT s.art_no, s.short_description, s.brand, s.sort_key, l.in_stock, s.name_folded, s.brand_folded
          FROM (${matches}) hit
          JOIN product_search s USING (art_no)
          LEFT JOIN listing_stock_order l USING (art_no)
          OFFSET 0
        ) f
      ) ranked
      ORDER BY typos, place, in_stock DESC NULLS LAST, sort_key, art_no
      LIMIT ${SEARCH_MAX_RESULTS}`,
    ),
  );
  const found = rows.map((r) => ({ artNo: Number(r.art_no), shortDescription: r.short_description, brand: r.brand }));
  if (byArtNo == null || byArtNo > 2_147_483_647) return found;
  const exact = rowsOf<Row>(
    await db.execute(sql`
      SELECT art_no, short_description, brand FROM product_search WHERE art_no = ${byArtNo} AND is_listed`),
  )[0];
  if (!exact) return found;
  const first = { artNo: Number(exact.art_no), shortDescription: exact.short_description, brand: exact.brand };
  return [first, ...found.filter((r) => r.artNo !== first.artNo)].slice(0, SEARCH_MAX_RESULTS);
}

/**
 * Whether every word of the query (its exact forms; corrections are not read) is a whole word of
 * the vocabulary, and so may be a whole word of some product's name. When one is not, no name holds it as a whole word (the
 * vocabulary holds every word of every summarised name), and a search need not walk its matches
 * looking for one: "remblokjes" at a million products, whose 57 000 matches are all compounds
 * ("schijfremblokken"), walked every candidate block twice to find none. A name not yet summarised
 * (a dirty block) may hold a word the vocabulary lacks: the caller must then still list its matches,
 * only without that tier (relevanceTiers). A few thousand words, about a millisecond.
 */
export async function mayBeWholeWords(db: Db, query: SearchQuery): Promise<boolean> {
  if (!query.words.length) return false;
  const patterns = query.words.map((word) => wholeWordPattern(word.forms));
  const row = rowsOf<{ every: boolean | null }>(
    await db.execute(sql`
      SELECT bool_and(EXISTS (SELECT 1 FROM search_words w WHERE w.word ~ p.pattern)) AS every
      FROM unnest(${textArrayLiteral(patterns)}::text[]) p(pattern)`),
  )[0];
  return row?.every === true;
}

/** A listed product with exactly this ArtNo (the shopper typed it whole): the search goes straight to it. */
export async function productByArtNo(db: Db, raw: string): Promise<number | null> {
  const text = raw.trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const row = rowsOf<{ art_no: number }>(
    await db.execute(sql`SELECT art_no FROM products WHERE art_no = ${Number(text)} AND is_listed`),
  )[0];
  return row ? Number(row.art_no) : null;
}

async function hasMatch(db: Db, query: SearchQuery): Promise<boolean> {
  return rowsOf(await db.execute(await termMatches(db, { query, withBrand: true, limit: 1 }))).length > 0;
}

/** How far a word may be from the shopper's for "Bedoelde je …?": further than a typo, not a different word. */
const NEAREST_MAX_EDITS = 3;

/**
 * "Bedoelde je …?" for a query without results: the nearest query that has some. Each word that
 * finds nothing on its own is replaced by the nearest vocabulary word (fewest edits, up to 3, then
 * trigram similarity) that does; if the words together still find nothing, the best single word
 * that finds something. Null when nothing near has results. Costs a few walks of one match each;
 * only a page without results pays it.
 */
export async function nearestQuery(db: Db, raw: string): Promise<string | null> {
  const parsed = parseQuery(raw);
  if (!parsed.words.length || isArtNoQuery(parsed)) return null;
  const kept: string[] = [];
  for (const word of parsed.words) {
    const alone = parseQuery(word.typed);
    if (await hasMatch(db, alone)) {
      kept.push(word.typed);
      continue;
    }
    const candidates = rowsOf<{ word: string; score: number }>(
      await db.execute(sql`SELECT word, score FROM search_word_candidates(${word.typed})`),
    )
      .map((c) => ({
        word: c.word,
        edits: editDistance(word.typed, c.word, NEAREST_MAX_EDITS),
        score: Number(c.score),
      }))
      .filter((c) => c.edits <= NEAREST_MAX_EDITS)
      .sort((a, b) => a.edits - b.edits || b.score - a.score || a.word.localeCompare(b.word))
      .slice(0, 3);
    for (const candidate of candidates) {
      if (await hasMatch(db, parseQuery(candidate.word))) {
        kept.push(candidate.word);
        break;
      }
    }
  }
  if (!kept.length) return null;
  const together = kept.join(" ");
  if (kept.length === parsed.words.length && (await hasMatch(db, parseQuery(together)))) {
    return together === parsed.words.map((w) => w.typed).join(" ") ? null : together;
  }
  // The words do not go together: the longest one that finds something alone.
  return [...kept].sort((a, b) => b.length - a.length)[0] ?? null;
}
