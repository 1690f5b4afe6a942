import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { textArrayLiteral } from "~/db/array-literal.server";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";

/**
 * How long a word's corrections are kept. The vocabulary grows only when the block refresh summarises
 * new names (every minute, SEARCH_BLOCKS_EVERY_MS), and a refresh in this process forgets them at
 * once: a new product's word is a correction within a minute more at worst, on another instance.
 */
export const CORRECTIONS_TTL_MS = 60_000;
/** Distinct words kept per database: a few hundred bytes each. */
const CORRECTIONS_MAX = 5_000;

/**
 * Per database (a test app has its own), so one shop's vocabulary never answers for another's. A
 * shopper types the same long words over and over ("ketting", "zadels"); looking up a word's
 * corrections through the trigram index costs a round trip and 1.5–2.5 ms on the embedded database,
 * more than the rest of a suggestion's walk (bench:demo-search).
 */
const kept = new WeakMap<Db, LRUCache<string, string[]>>();

function cacheOf(db: Db): LRUCache<string, string[]> {
  let cache = kept.get(db);
  if (!cache) {
    cache = new LRUCache<string, string[]>({ max: CORRECTIONS_MAX, ttl: CORRECTIONS_TTL_MS });
    kept.set(db, cache);
  }
  return cache;
}

/**
 * The vocabulary words near each of `words` (search_word_candidates: trigram similarity, the
 * word's start for one still being typed), by word; one round trip for the words not kept.
 */
export async function correctionCandidates(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  const cache = cacheOf(db);
  const found = new Map<string, string[]>();
  const missing: string[] = [];
  for (const word of new Set(words)) {
    const known = cache.get(word);
    if (known) found.set(word, known);
    else missing.push(word);
  }
  if (!missing.length) return found;
  const rows = rowsOf<{ term: string; word: string }>(
    await db.execute(sql`
      SELECT t.term, c.word FROM unnest(${textArrayLiteral(missing)}::text[]) t(term)
      CROSS JOIN LATERAL search_word_candidates(t.term) c`),
  );
  for (const word of missing) found.set(word, []);
  for (const row of rows) found.get(row.term)?.push(row.word);
  for (const word of missing) cache.set(word, found.get(word)!);
  return found;
}

/** The vocabulary changed (a block refresh added words): look corrections up anew. */
export function forgetCorrections(db: Db): void {
  kept.delete(db);
}
