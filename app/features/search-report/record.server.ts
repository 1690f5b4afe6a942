import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { searchWeekQueries } from "~/db/schema";
import type { Logger } from "~/lib/logger.server";
import { normaliseSearchText } from "~/features/search-synonyms";
import { addWeeks, weekStartOf, WEEKS_KEPT } from "./search-week";

/**
 * Counts one search for the report (issue 30 item 10, ADR 0044): one upsert on (week, query), adding
 * 1 to its searches and, when it found nothing, to its zero results. Nothing about who searched is
 * written. The first search of a new week (per process) also removes the weeks past WEEKS_KEPT.
 */
export async function recordSearch(db: Db, rawQuery: string, results: number, now = new Date()): Promise<void> {
  const query = normaliseSearchText(rawQuery);
  if (!query) return;
  const weekStart = weekStartOf(now);
  const zero = results === 0 ? 1 : 0;
  await db
    .insert(searchWeekQueries)
    .values({ weekStart, query, searches: 1, zeroResults: zero })
    .onConflictDoUpdate({
      target: [searchWeekQueries.weekStart, searchWeekQueries.query],
      set: {
        searches: sql`${searchWeekQueries.searches} + 1`,
        zeroResults: sql`${searchWeekQueries.zeroResults} + ${zero}`,
      },
    });
  if (prunedWeek.get(db) !== weekStart) {
    prunedWeek.set(db, weekStart);
    await db.delete(searchWeekQueries).where(lt(searchWeekQueries.weekStart, addWeeks(weekStart, 1 - WEEKS_KEPT)));
  }
}

const prunedWeek = new WeakMap<Db, string>();

/**
 * The results page's call: the count is written after the page's own queries, without the page
 * waiting for it. A failed write costs one line in the report, never the shopper's page.
 */
export function countSearch(db: Db, logger: Logger, rawQuery: string, results: number): void {
  recordSearch(db, rawQuery, results).catch((error: unknown) => {
    logger.warn({ err: error }, "search report count failed");
  });
}
