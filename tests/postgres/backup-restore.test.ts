/**
 * `npm run db:backup` and `npm run db:restore` on PostgreSQL (issue 31 item 6): pg_dump of the shop's
 * database, pg_restore into a new, empty one, where the orders are; a non-empty one is refused. Runs in
 * the PostgreSQL pass only (tests/postgres/).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { EXPECTED_ORDERS, ordersIn, placeOrders, runScript } from "../support/backup-scripts";
import { createPostgresDatabase } from "../support/server-process";

const execFileAsync = promisify(execFile);

const work = mkdtempSync(path.join(tmpdir(), "trapkracht-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("PostgreSQL (pg_dump / pg_restore)", () => {
  let source: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const freshName = `trapkracht_restore_${process.pid}_${Date.now()}`;
  const freshUrl = (() => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://localhost/x");
    url.pathname = `/${freshName}`;
    return url.toString();
  })();
  const dumpFile = path.join(work, "backups", "shop.dump");
  let originalIds: string[];

  async function admin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    const tools = await execFileAsync("pg_dump", ["--version"]).catch(() => null);
    expect(tools, "pg_dump is not on the PATH: install the PostgreSQL client tools").not.toBeNull();
    source = await createPostgresDatabase("backup");
    const shop = await source.open();
    try {
      await placeOrders(shop);
      originalIds = (await ordersIn(shop)).map((order) => order.id);
    } finally {
      await shop.close();
    }
    // A new, empty database, as `createdb` makes it.
    await admin((client) => client.query(`CREATE DATABASE ${freshName}`));
  }, 180_000);
  afterAll(async () => {
    await source?.drop();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${freshName} WITH (FORCE)`));
  });

  it("dumps the shop's database and restores it into a new, empty one, where the orders are; refuses a non-empty one", async () => {
    const backup = await runScript("backup", [dumpFile], { DATABASE_URL: source.url });
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain(`Backup van PostgreSQL geschreven naar ${dumpFile}`);

    const restore = await runScript("restore", [dumpFile], { DATABASE_URL: freshUrl });
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain("Backup teruggezet (postgres): 3 bestellingen.");

    const restored = await openDatabase({ kind: "postgres", url: freshUrl, poolSize: 1 });
    try {
      const found = await ordersIn(restored);
      expect(found.map(({ total, paymentStatus }) => ({ total, paymentStatus }))).toEqual(EXPECTED_ORDERS);
      expect(found.map((order) => order.id)).toEqual(originalIds);
    } finally {
      await restored.close();
    }

    const refused = await runScript("restore", [dumpFile], { DATABASE_URL: freshUrl });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("De database heeft al");
  }, 180_000);
});
