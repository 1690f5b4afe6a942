/**
 * Liveness and readiness (issue 31 item 4): /healthz says the process answers, without asking the
 * database; /readyz says the database answers and every migration of the journal is applied, and
 * 503 with a short reason otherwise. Both plain, never cached, never behind the maintenance gate.
 * (The answer after SIGTERM is in shutdown.test.ts: it needs the real server process.)
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";
import { setMaintenanceMode } from "../../app/features/site-settings/site-settings.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase } from "../support/db";

const journal = JSON.parse(readFileSync("app/db/migrations/meta/_journal.json", "utf8")) as {
  entries: { tag: string; when: number }[];
};

async function plainAnswer(res: Response) {
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    cache: res.headers.get("cache-control"),
    body: await res.text(),
  };
}

describe("on a migrated database", () => {
  let database: Database;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.db);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("/healthz and /readyz answer 200 'ok', plain text, no-store", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      expect(await plainAnswer(await app.get(path))).toEqual({
        status: 200,
        type: "text/plain; charset=utf-8",
        cache: "no-store",
        body: "ok\n",
      });
    }
  });

  it("/readyz answers 503 naming the first missing migration when one is not recorded, and 200 again once it is", async () => {
    const last = journal.entries.at(-1)!;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
    try {
      expect(await plainAnswer(await app.get("/readyz"))).toEqual({
        status: 503,
        type: "text/plain; charset=utf-8",
        cache: "no-store",
        body: `not ready: 1 migration(s) not applied, first ${last.tag}\n`,
      });
      // Alive all the same: an orchestrator must not restart it for this.
      expect((await app.get("/healthz")).status).toBe(200);
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored-by-test', ${last.when})`,
      );
    }
    expect((await app.get("/readyz")).status).toBe(200);
  });

  it("answers during maintenance mode, also to a request with a session cookie (no-store kept)", async () => {
    await setMaintenanceMode(database.db, true);
    try {
      expect((await app.get("/")).status).toBe(503);
      for (const path of ["/healthz", "/readyz"]) {
        const res = await app.get(path, { headers: { cookie: "better-auth.session_token=abc" } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control"), path).toContain("no-store");
        expect(await res.text(), path).toBe("ok\n");
      }
    } finally {
      await setMaintenanceMode(database.db, false);
    }
  });
});

/** A loopback port nothing listens on: connecting is refused at once, like a stopped PostgreSQL. */
async function refusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("when the database cannot be reached", () => {
  let pool: pg.Pool;
  let app: TestApp;

  beforeAll(async () => {
    pool = new pg.Pool({
      connectionString: `postgres://trapkracht@127.0.0.1:${await refusedPort()}/trapkracht`,
      connectionTimeoutMillis: 1_000,
    });
    app = await startTestApp(drizzle(pool, { schema }) as unknown as Db);
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  it("/readyz answers 503 'database unavailable', /healthz still 200", async () => {
    expect(await plainAnswer(await app.get("/readyz"))).toEqual({
      status: 503,
      type: "text/plain; charset=utf-8",
      cache: "no-store",
      body: "not ready: database unavailable\n",
    });
    expect(await plainAnswer(await app.get("/healthz"))).toMatchObject({ status: 200, body: "ok\n" });
  });
});
