import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";

/** Who is asking, as the rate limits count them: the shopper's address (the load context's clientIp). */
export type Client = { clientIp: string };

export type RateLimitResult = { allowed: boolean; count: number; limit: number };

/**
 * A fixed-window counter on the shared rate_limits table: one atomic upsert per hit, so several app
 * instances on one database count together. A key's window starts at its first hit (database clock,
 * so instances with skewed clocks agree) and lasts `windowSeconds`; windows are not cut at round clock
 * times, where a burst just before and just after the cut would get twice the limit and a series of
 * attempts would start again at 1 halfway. `key` names the limit and subject, e.g. "contact:ip:1.2.3.4".
 */
export async function hitRateLimit(
  db: Pick<Db, "execute">,
  opts: { key: string; limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
  const window = Math.max(1, Math.floor(opts.windowSeconds));
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count)
    VALUES (${opts.key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start > now() - make_interval(secs => ${window}::int)
        THEN rate_limits.count + 1 ELSE 1 END,
      window_start = CASE WHEN rate_limits.window_start > now() - make_interval(secs => ${window}::int)
        THEN rate_limits.window_start ELSE now() END
    RETURNING count::int AS count`);
  const rows = Array.isArray(result)
    ? (result as { count: number }[])
    : ((result as { rows: { count: number }[] }).rows ?? []);
  const count = Number(rows[0]?.count ?? 0);
  return { allowed: count <= opts.limit, count, limit: opts.limit };
}

/** How many hits `key` has in the current window, without counting one (0 in a new window). */
export async function countInWindow(
  db: Pick<Db, "execute">,
  opts: { key: string; windowSeconds: number },
): Promise<number> {
  const window = Math.max(1, Math.floor(opts.windowSeconds));
  const result = await db.execute<{ count: number }>(sql`
    SELECT count::int AS count FROM rate_limits
    WHERE key = ${opts.key} AND window_start > now() - make_interval(secs => ${window}::int)`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/**
 * Takes back one hit of `key` in its current window: for limits that count failures only, where the
 * hit is taken before the attempt (so parallel attempts cannot all slip under the limit) and
 * returned when the attempt succeeded.
 */
export async function returnHit(db: Pick<Db, "execute">, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}
