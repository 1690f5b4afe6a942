import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { termScan, termWalk, type TermWalk } from "./walk.server";

/**
 * How a search reads a term's matches in name order. termWalk reads only the name blocks that can
 * hold a match (ADR 0024), which keeps a search fast at a million products. In a catalogue of a few
 * blocks every block can hold one: the walk reads everything anyway, and pays for its block look-ups
 * and a plan three times the size of a plain scan's. On the demo catalogue (627 products, 2 blocks)
 * in PGlite, in-process, p50: "ketting" 7.5 ms walked, 5.1 ms scanned; "kettingen" 6.9 and 3.4
 * (bench/README.md, "The embedded demo"). Both give the same rows (search-strategies.test.ts).
 */

/** A catalogue of at most this many name blocks (SEARCH_BLOCK_ROWS each: about a thousand products) is scanned. */
export const SCAN_MAX_NAME_BLOCKS = 4;

/**
 * How long this process trusts what it read of the catalogue's size. A refresh of the name blocks
 * in this process forgets it at once; one on another instance (a big feed into a small shop) is seen
 * within this time, during which that instance scans what it should walk: slower, never wrong.
 */
export const CATALOGUE_SIZE_TTL_MS = 10_000;

/** Per database handle, as the corrections (corrections.server.ts): a test app has its own. */
const known = new WeakMap<Db, { small: boolean; until: number }>();

/** Whether the catalogue is small enough to scan: at most SCAN_MAX_NAME_BLOCKS name blocks (a bounded count). */
export async function isSmallCatalogue(db: Db): Promise<boolean> {
  const kept = known.get(db);
  if (kept && kept.until > Date.now()) return kept.small;
  const row = rowsOf<{ blocks: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS blocks FROM (SELECT 1 FROM search_blocks LIMIT ${SCAN_MAX_NAME_BLOCKS + 1}) b`),
  )[0];
  const small = Number(row?.blocks ?? 0) <= SCAN_MAX_NAME_BLOCKS;
  known.set(db, { small, until: Date.now() + CATALOGUE_SIZE_TTL_MS });
  return small;
}

/** The name blocks were refreshed (they may have been split or joined): read the size anew. */
export function forgetCatalogueSize(db: Db): void {
  known.delete(db);
}

/** A term's matches in name order (termWalk's rows), scanned in a small catalogue, walked otherwise. */
export async function termMatches(db: Db, walk: Omit<TermWalk, "spread">): Promise<SQL> {
  return (await isSmallCatalogue(db)) ? termScan(walk) : termWalk(walk);
}
