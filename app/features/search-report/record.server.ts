import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { searchWeekQueries } from "~/db/schema";
import type { Logger } from "~/shared/logging/logger.server";
import { normaliseSearchText } from "~/features/search-synonyms";
import { addWeeks, weekStartOf, WEEKS_KEPT } from "./search-week";

/**
 * At most this many different queries a week. Anyone can search, so a script sending random words
 * would otherwise add a row for each, without end; past the cap a week only counts the queries it
 * already holds (a shop's real searches repeat: the top and the zero-result lists lose nothing).
 */
export const MAX_QUERIES_PER_WEEK = 20_000;

/**
 * Counts one search for the report (issue 30 item 10, ADR 0044): adds 1 to the (week, query) row's
 * searches and, when it found nothing, to its zero results; a query new that week gets a row while
 * the week holds fewer than `maxQueries`. Nothing about who searched is written. The first search of
 * a new week (per process) also removes the weeks past WEEKS_KEPT.
 */
export async function recordSearch(
  db: Db,
  rawQuery: string,
  results: number,
  now = new Date(),
  maxQueries = MAX_QUERIES_PER_WEEK,
): Promise<void> {
  const query = normaliseSearchText(rawQuery);
  if (!query) return;
  const weekStart = weekStartOf(now);
  const zero = results === 0 ? 1 : 0;
  const counted = await db
    .update(searchWeekQueries)
    .set({
      searches: sql`${searchWeekQueries.searches} + 1`,
      zeroResults: sql`${searchWeekQueries.zeroResults} + ${zero}`,
    })
    .where(and(eq(searchWeekQueries.weekStart, weekStart), eq(searchWeekQueries.query, query)))
    .returning({ query: searchWeekQueries.query });
  if (!counted.length) {
    // The count reads the week's rows in the primary key's index; a race past the cap adds a few rows at most.
    await db.execute(sql`
      INSERT INTO search_week_queries (week_start, query, searches, zero_results)
      SELECT ${weekStart}, ${query}, 1, ${zero}
      WHERE (SELECT count(*) FROM search_week_queries WHERE week_start = ${weekStart}) < ${maxQueries}
      ON CONFLICT (week_start, query) DO UPDATE
      SET searches = search_week_queries.searches + 1, zero_results = search_week_queries.zero_results + EXCLUDED.zero_results`);
  }
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
