/**
 * Two instances started at the same moment on a new, empty PostgreSQL database (two systemd units
 * enabled together, ADR 0042): both migrate it at start. They take turns (an advisory lock), so both
 * start; before, the second failed on the first migration's CREATE EXTENSION and exited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { bundleServer, httpRequest, startServerProcess, type ServerProcess } from "../support/server-process";

const name = `trapkracht_concurrent_start_${process.pid}_${Date.now()}`;
let url = "";
let bundle: ReturnType<typeof bundleServer>;
let servers: ServerProcess[] = [];

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // Not a copy of the migrated template: empty, as a database made with createdb is.
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const parsed = new URL(process.env.TEST_DATABASE_URL!);
  parsed.pathname = `/${name}`;
  url = parsed.toString();
  bundle = bundleServer();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  bundle?.cleanup();
  await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

describe("two instances started together on an empty database", () => {
  it("both migrate it in turn and start, and the database holds each migration once", async () => {
    const env = { DATABASE_URL: url, PAYMENT_PROVIDER: "local", LOCAL_PAYMENTS_ALLOWED: "true" };
    // Every migration from nothing, twice in turn: generous on a busy machine.
    const options = { startTimeoutMs: 150_000 };
    const started = await Promise.allSettled([
      startServerProcess(bundle.file, env, options),
      startServerProcess(bundle.file, env, options),
    ]);
    servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    for (const outcome of started) {
      expect(outcome.status, outcome.status === "rejected" ? String(outcome.reason) : "").toBe("fulfilled");
    }
    for (const server of servers) expect((await httpRequest(`${server.url}/readyz`)).status).toBe(200);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client
      .query<{ n: number; distinct: number }>(
        "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
      )
      .finally(() => client.end());
    const migrations = rows[0]!;
    expect(migrations.n).toBeGreaterThan(0);
    expect(migrations.n).toBe(migrations.distinct);
  }, 240_000);
});
