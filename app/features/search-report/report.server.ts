import { and, desc, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { searchWeekQueries } from "~/db/schema";

/** The search report's reading side (issue 30 item 10, ADR 0044). */

export type WeekQuery = { query: string; searches: number; zeroResults: number };

export type WeekReport = {
  searches: number;
  zeroResults: number;
  queries: number;
  /** Most searched first. */
  top: WeekQuery[];
  /** The queries that found nothing at least once, most often first. */
  withoutResults: WeekQuery[];
};

/** The weeks that have searches, newest first (at most a year's: older weeks are removed). */
export async function weeksWithSearches(db: Db): Promise<string[]> {
  const rows = rowsOf<{ week_start: string }>(
    await db.execute(
      sql`SELECT DISTINCT week_start::text AS week_start FROM ${searchWeekQueries} ORDER BY week_start DESC LIMIT 60`,
    ),
  );
  return rows.map((row) => row.week_start);
}

const columns = {
  query: searchWeekQueries.query,
  searches: searchWeekQueries.searches,
  zeroResults: searchWeekQueries.zeroResults,
};

/** One week's figures; `limit` rows in each list (null: all of them, for the CSV). */
export async function weekReport(db: Db, weekStart: string, limit: number | null): Promise<WeekReport> {
  const inWeek = eq(searchWeekQueries.weekStart, weekStart);
  const top = db
    .select(columns)
    .from(searchWeekQueries)
    .where(inWeek)
    .orderBy(desc(searchWeekQueries.searches), asc(searchWeekQueries.query));
  const zero = db
    .select(columns)
    .from(searchWeekQueries)
    .where(and(inWeek, gt(searchWeekQueries.zeroResults, 0)))
    .orderBy(desc(searchWeekQueries.zeroResults), asc(searchWeekQueries.query));
  const [topRows, zeroRows, [totals]] = await Promise.all([
    limit === null ? top : top.limit(limit),
    limit === null ? zero : zero.limit(limit),
    db
      .select({
        searches: sql<number>`coalesce(sum(${searchWeekQueries.searches}), 0)::int`,
        zeroResults: sql<number>`coalesce(sum(${searchWeekQueries.zeroResults}), 0)::int`,
        queries: sql<number>`count(*)::int`,
      })
      .from(searchWeekQueries)
      .where(inWeek),
  ]);
  return {
    searches: Number(totals?.searches ?? 0),
    zeroResults: Number(totals?.zeroResults ?? 0),
    queries: Number(totals?.queries ?? 0),
    top: topRows,
    withoutResults: zeroRows,
  };
}
