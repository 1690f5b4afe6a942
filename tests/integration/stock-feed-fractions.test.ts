import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/shared/config/env.server";
import { stock, supplierFeedRejections, supplierFeedRuns } from "../../app/db/schema";
import { runFeedImport } from "../../app/features/supplier-feed/import-job.server";
import { startFeedRun } from "../../app/features/supplier-feed/runs.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useTestDatabase } from "../support/fixture";

const logger = createLogger("silent");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-stock-fractions-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", AUTH_SECRET: "x".repeat(40) });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * A stock feed's ArtQuantity is a whole number of pieces (docs/supplier-feeds.md: `12`, `12,0`).
 * Half a piece is not a stock: such a row is rejected with its line and reason, never rounded or cut
 * to a whole number, while a whole number written with zero decimals is that number.
 */
describe("a stock feed with fractional quantities", () => {
  const database = useTestDatabase();
  const db = () => database.db;

  it("rejects '12,5' and '3.7' per row with a reason and reads '12,00' as 12", async () => {
    for (const artNo of [781001, 781002, 781003, 781004]) await createProduct(db(), { artNo, stockQuantity: 1 });
    const relative = path.join("supplier-feeds", "fractions.feed");
    fs.mkdirSync(path.join(dataDir, "supplier-feeds"), { recursive: true });
    fs.writeFileSync(
      path.join(dataDir, relative),
      [
        "ArtNo;ArtQuantity;Status",
        "781001;12,5;leverbaar",
        "781002;3.7;leverbaar",
        "781003;12,00;leverbaar",
        "781004;4;leverbaar",
      ].join("\n") + "\n",
    );
    const run = await startFeedRun(
      db(),
      { id: "admin-1", email: "beheer@trapkracht.test" },
      {
        kind: "stock",
        source: "upload",
        fileName: "voorraad.csv",
        storedPath: relative,
      },
    );
    await runFeedImport({ db: db(), config, logger }, run.id);

    const [report] = await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, run.id));
    expect(report).toMatchObject({ status: "succeeded", rowsRead: 4, changed: 2, rejected: 2 });
    const rejections = await db()
      .select()
      .from(supplierFeedRejections)
      .where(eq(supplierFeedRejections.runId, run.id))
      .orderBy(asc(supplierFeedRejections.line));
    expect(rejections.map((r) => [r.line, r.reason])).toEqual([
      [2, 'ArtQuantity "12,5" is not a whole number of 0 or more'],
      [3, 'ArtQuantity "3.7" is not a whole number of 0 or more'],
    ]);
    const quantityOf = async (artNo: number) =>
      (await db().select().from(stock).where(eq(stock.artNo, artNo)))[0]?.quantity;
    // The rejected rows leave the stock as it was (1), neither 12 nor 13, 3 nor 4.
    expect(await quantityOf(781001)).toBe(1);
    expect(await quantityOf(781002)).toBe(1);
    expect(await quantityOf(781003)).toBe(12);
    expect(await quantityOf(781004)).toBe(4);
  });
});
