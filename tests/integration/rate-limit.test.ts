import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { countInWindow, hitRateLimit } from "../../app/shared/security/rate-limit.server";
import { useTestDatabase } from "../support/fixture";

describe("rate limiter (a window from the first hit)", () => {
  const database = useTestDatabase();

  it("counts hits per key and refuses above the limit", async () => {
    const hit = () => hitRateLimit(database.db, { key: "test:a", limit: 2, windowSeconds: 3600 });
    expect(await hit()).toEqual({ allowed: true, count: 1, limit: 2 });
    expect(await hit()).toEqual({ allowed: true, count: 2, limit: 2 });
    expect(await hit()).toEqual({ allowed: false, count: 3, limit: 2 });
    expect((await hitRateLimit(database.db, { key: "test:b", limit: 2, windowSeconds: 3600 })).count).toBe(1);
  });

  it("gives every one of many simultaneous hits its own count (one atomic upsert each)", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        hitRateLimit(database.db, { key: "test:parallel", limit: 5, windowSeconds: 3600 }),
      ),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("keeps a window for its full length from the first hit, whatever the clock time", async () => {
    await hitRateLimit(database.db, { key: "test:late", limit: 2, windowSeconds: 3600 });
    await database.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '59 minutes' WHERE key = 'test:late'`,
    );
    expect((await hitRateLimit(database.db, { key: "test:late", limit: 2, windowSeconds: 3600 })).count).toBe(2);
    expect(await countInWindow(database.db, { key: "test:late", windowSeconds: 3600 })).toBe(2);
    await database.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '61 minutes' WHERE key = 'test:late'`,
    );
    expect(await countInWindow(database.db, { key: "test:late", windowSeconds: 3600 })).toBe(0);
    expect((await hitRateLimit(database.db, { key: "test:late", limit: 2, windowSeconds: 3600 })).count).toBe(1);
  });

  it("starts again at 1 in a new window", async () => {
    await database.db.execute(
      sql`UPDATE rate_limits SET window_start = window_start - interval '1 hour' WHERE key = 'test:a'`,
    );
    expect(await hitRateLimit(database.db, { key: "test:a", limit: 2, windowSeconds: 3600 })).toEqual({
      allowed: true,
      count: 1,
      limit: 2,
    });
  });
});
