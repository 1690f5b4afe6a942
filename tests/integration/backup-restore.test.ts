/**
 * `npm run db:backup` and `npm run db:restore` for the embedded database (issue 31 item 6), run as the
 * real scripts in child processes: orders written to the shop's database are found again in a fresh
 * data folder. The backup refuses while the shop has the folder open, and a restore never overwrites a
 * database unless told to (--force). PostgreSQL's path: tests/postgres/backup-restore.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { EXPECTED_ORDERS, ordersIn, placeOrders, runScript } from "../support/backup-scripts";

const work = mkdtempSync(path.join(tmpdir(), "trapkracht-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the embedded database (PGlite)", () => {
  const shopDataDir = path.join(work, "shop");
  const freshDataDir = path.join(work, "fresh");
  const backupFile = path.join(work, "backups", "shop.tar.gz");
  let originalIds: string[];

  beforeAll(async () => {
    // The shop's data folder, from the migrated template (a fresh migration takes ~10 s).
    const shop = await openDatabase({
      kind: "pglite",
      dataDir: path.join(shopDataDir, "pglite"),
      loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
    });
    try {
      await placeOrders(shop);
      originalIds = (await ordersIn(shop)).map((order) => order.id);

      // While the shop has the folder open, the backup refuses and says what to do.
      const refused = await runScript("backup", [backupFile], { DATA_DIR: shopDataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is al in gebruik door een ander proces");
      expect(refused.stderr).toContain("stop de winkel, maak de backup en start de winkel weer");
      expect(existsSync(backupFile)).toBe(false);
    } finally {
      await shop.close();
    }
  }, 180_000);

  it("backs up the stopped shop's folder and restores it into a fresh DATA_DIR, where the orders are", async () => {
    const backup = await runScript("backup", [backupFile], { DATA_DIR: shopDataDir });
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain(`Backup van de ingebouwde database geschreven naar ${backupFile}`);
    expect(existsSync(backupFile)).toBe(true);

    const restore = await runScript("restore", [backupFile], { DATA_DIR: freshDataDir });
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain("Backup teruggezet (pglite): 3 bestellingen.");

    const restored = await openDatabase({ kind: "pglite", dataDir: path.join(freshDataDir, "pglite") });
    try {
      const found = await ordersIn(restored);
      expect(found.map(({ total, paymentStatus }) => ({ total, paymentStatus }))).toEqual(EXPECTED_ORDERS);
      expect(found.map((order) => order.id)).toEqual(originalIds);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it("never overwrites an existing database or backup file, unless --force (which moves the old folder aside)", async () => {
    const again = await runScript("backup", [backupFile], { DATA_DIR: shopDataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("bestaat al; kies een andere bestandsnaam.");

    const refused = await runScript("restore", [backupFile], { DATA_DIR: freshDataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("bevat al een database");

    const forced = await runScript("restore", [backupFile, "--force"], { DATA_DIR: freshDataDir });
    expect(forced, forced.stderr).toMatchObject({ code: 0 });
    expect(forced.stdout).toContain("3 bestellingen");
    const aside = readdirSync(freshDataDir).filter((name) => name.startsWith("pglite.before-restore-"));
    expect(aside).toHaveLength(1);
    expect(existsSync(path.join(freshDataDir, aside[0]!, "PG_VERSION"))).toBe(true);
  }, 180_000);
});
