import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { jobs, products, supplierFeedRejections, supplierFeedRuns } from "../../app/db/schema";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { feedQueues } from "../../app/features/supplier-feed/import-job.server";
import { FEED_QUEUE } from "../../app/features/supplier-feed/runs.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useFeedFixture } from "../support/feed-fixture";

/*
 * Issue 27 item 3: a price the database cannot hold is a rejected row; a database error inside a
 * batch is logged with its context, shown to the admin as a sentence (no SQL, no parameters), not
 * tried five times when trying again cannot help, and does not keep the next upload waiting.
 */
const logged: Record<string, unknown>[] = [];
const logger = createLogger("info", { write: (line: string) => void logged.push(JSON.parse(line)) });
const { config, db, upload } = useFeedFixture("feed-errors");

beforeEach(async () => {
  logged.length = 0;
});

/** One pass of the import queue, as the shop's import worker runs it. */
const runQueue = () =>
  createJobWorker({
    db: db(),
    logger,
    queues: { [FEED_QUEUE]: feedQueues({ db: db(), config, logger })[FEED_QUEUE]! },
  }).runOnce();

const runRow = async (id: number) =>
  (await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, id)))[0]!;
const jobOf = async (runId: number) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'runId' = ${String(runId)}`)
  )[0]!;

describe("prices the database cannot hold", () => {
  it("`10006;p5;99999999999;` is a rejected row with its reason; the other rows are imported", async () => {
    const run = await upload(
      "ArtNo;ShortDescription;ConsumerPrice;DiscountedPrice\n10005;p4;12,95;\n10006;p5;99999999999;\n10007;p6;19,95;100000,01\n10008;p7;100000,00;\n",
    );
    await runQueue();
    expect(await runRow(run.id)).toMatchObject({ status: "succeeded", created: 2, rejected: 2, error: null });
    const rejections = await db()
      .select({
        line: supplierFeedRejections.line,
        artNo: supplierFeedRejections.artNo,
        reason: supplierFeedRejections.reason,
      })
      .from(supplierFeedRejections)
      .where(eq(supplierFeedRejections.runId, run.id))
      .orderBy(supplierFeedRejections.line);
    expect(rejections).toEqual([
      { line: 3, artNo: "10006", reason: 'ConsumerPrice "99999999999" is more than the maximum of € 100.000,00' },
      { line: 4, artNo: "10007", reason: 'DiscountedPrice "100000,01" is more than the maximum of € 100.000,00' },
    ]);
    const imported = await db()
      .select()
      .from(products)
      .where(inArray(products.artNo, [10005, 10006, 10007, 10008]));
    expect(imported.map((p) => [p.artNo, p.consumerPriceCents]).sort()).toEqual([
      [10005, 1295],
      [10008, 10_000_000],
    ]);
  });
});

describe("a database error inside a batch", () => {
  it("fails the run at once with a sentence, logs the details, and the next upload can start", async () => {
    await createProduct(db(), { artNo: 10101, brand: "Oud" });
    // A rule of the database the feed checks know nothing about: the database refuses the batch.
    await db().execute(
      sql`ALTER TABLE products ADD CONSTRAINT test_no_refused_brand CHECK (brand IS DISTINCT FROM 'Geweigerd')`,
    );
    try {
      const run = await upload("ArtNo;Brand;ConsumerPrice\n10101;Nieuw;9,95\n10102;Geweigerd;9,95\n");
      await runQueue();

      const failed = await runRow(run.id);
      expect(failed.status).toBe("failed");
      expect(failed.error).toBe(
        "The database refused lines 2–3: a value that breaks one of its rules. The details are in the server log; correct the file and import it again. Nothing was changed.",
      );
      const job = await jobOf(run.id);
      expect(job).toMatchObject({ status: "failed", attempts: 1 });
      expect(job.lastError).not.toMatch(/insert|params|select/i);
      // The batch is one transaction: its good row is not half-applied either.
      expect((await db().select().from(products).where(eq(products.artNo, 10101)))[0]!.brand).toBe("Oud");

      const entry = logged.find((l) => l.msg === "supplier feed batch failed");
      expect(entry).toMatchObject({ sqlState: "23514", lines: { from: 2, to: 3 }, retryable: false, feedRun: run.id });
      expect(String(entry!.reason)).toContain("test_no_refused_brand");

      // The shop's import slot is free again at once.
      const next = await upload("ArtNo;Brand;ConsumerPrice\n10101;Nieuw;9,95\n");
      await runQueue();
      expect(await runRow(next.id)).toMatchObject({ status: "succeeded", changed: 1 });
    } finally {
      await db().execute(sql`ALTER TABLE products DROP CONSTRAINT IF EXISTS test_no_refused_brand`);
    }
  });
});
