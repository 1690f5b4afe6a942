import { asc, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  adminChanges,
  products,
  supplierFeedHeldDeactivations,
  supplierFeedRejections,
  supplierFeedRuns,
} from "../../app/db/schema";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { feedQueues, runFeedImport } from "../../app/features/supplier-feed/import-job.server";
import { FEED_QUEUE, type NewRun } from "../../app/features/supplier-feed/runs.server";
import { confirmHeldDeactivation } from "../../app/features/supplier-feed/deactivation.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useFeedFixture } from "../support/feed-fixture";

/*
 * Issue 27, items 1-2: bad input in a supplier feed loses no data. One overlong row is one rejected
 * row; a file that cannot be followed changes nothing; a full feed sets products inactive only when
 * it was read completely and within the safety share (20 % by default), else only after the admin
 * confirms that run.
 */
const logger = createLogger("silent");
const { config, db, actor, upload } = useFeedFixture("feed-safety");

beforeEach(async () => {
  // Each test counts the shop's active products itself: the ones of earlier tests are put aside.
  await db().update(products).set({ status: 0 });
});

async function report(runId: number) {
  const [run] = await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, runId));
  const rejections = await db()
    .select()
    .from(supplierFeedRejections)
    .where(eq(supplierFeedRejections.runId, runId))
    .orderBy(asc(supplierFeedRejections.line));
  return { ...run!, rejections };
}

async function importFile(content: string, run: Partial<NewRun> = {}) {
  const row = await upload(content, run);
  await runFeedImport({ db: db(), config, logger }, row.id).catch(() => undefined);
  return report(row.id);
}

const statusOf = async (artNos: number[]) =>
  Object.fromEntries(
    (await db().select().from(products).where(inArray(products.artNo, artNos))).map((p) => [p.artNo, p.status]),
  );

/** These products active in the shop (created, or made active again for a later test). */
async function shopWith(artNos: number[]) {
  for (const artNo of artNos) {
    const [again] = await db().update(products).set({ status: 1 }).where(eq(products.artNo, artNo)).returning();
    if (!again) await createProduct(db(), { artNo, shortDescription: `Product ${artNo}` });
  }
}

const HEADER = "ArtNo;Brand;ShortDescription;LongDescriptionHTML;ConsumerPrice";
const row = (artNo: number, html = "<p>Goed</p>") => `${artNo};Merk;Product ${artNo};${html};19,95`;

describe("an overlong row (issue 27 item 1)", () => {
  it("rejects only that row, with its own line, imports the rows after it, and sets nothing wrongly inactive", async () => {
    const listed = [700001, 700002, 700003, 700004, 700005, 700006];
    await shopWith(listed);
    const csv = [
      HEADER,
      row(700001, `<p>${"x".repeat(1_200_000)}</p>`),
      ...listed.slice(1).map((artNo) => row(artNo, "<p>Nieuw</p>")),
    ].join("\n");
    const run = await importFile(csv + "\n", { fullFeed: true });

    expect(run.status).toBe("succeeded");
    expect(run).toMatchObject({ rowsRead: 6, changed: 5, rejected: 1, deactivated: 0 });
    expect(run.rejections.map((r) => [r.line, r.reason])).toEqual([
      [2, expect.stringContaining("longer than 1,000,000 characters")],
    ]);
    const after = await db().select().from(products).where(inArray(products.artNo, listed));
    expect(after.map((p) => [p.artNo, p.status]).sort()).toEqual(listed.map((artNo) => [artNo, 1]));
    expect(
      after
        .filter((p) => p.longDescriptionHtml === "<p>Nieuw</p>")
        .map((p) => p.artNo)
        .sort(),
    ).toEqual(listed.slice(1));
    // The product of the unreadable row is missing from what was read: held, not set inactive.
    expect(run.deactivationHold).toMatchObject({ state: "held", count: 1, sample: [{ artNo: 700001 }] });
    expect(run.deactivationHold!.reasons[0]).toMatch(/1 row of the file could not be read/);
  });

  it("an overlong quoted field spanning lines is one rejected row too; later line numbers stay right", async () => {
    await shopWith([701001, 701002]);
    const csv = [
      HEADER,
      `701001;Merk;Lang;"<p>${"y".repeat(600_000)}\n\n${"z".repeat(600_000)}</p>";1,00`,
      row(701002),
      `abc;x;y;z;1`,
    ].join("\n");
    const run = await importFile(csv + "\n");
    expect(run).toMatchObject({ status: "succeeded", changed: 1, rejected: 2 });
    expect(run.rejections.map((r) => r.line)).toEqual([2, 6]);
  });

  it("a quote that is never closed up to the end of the file fails the run and changes nothing", async () => {
    await shopWith([702001, 702002, 702003]);
    const csv = [
      HEADER,
      row(702001, "<p>Nieuw</p>"),
      `702002;Merk;Kapot;"<p>open ${"q".repeat(1_100_000)}`,
      row(702003),
    ].join("\n");
    const run = await importFile(csv + "\n", { fullFeed: true });
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/quote opened on line 3 is never closed/);
    expect(run).toMatchObject({ created: 0, changed: 0, deactivated: 0 });
    expect(await statusOf([702001, 702002, 702003])).toEqual({ 702001: 1, 702002: 1, 702003: 1 });
    expect((await db().select().from(products).where(eq(products.artNo, 702001)))[0]!.longDescriptionHtml).not.toBe(
      "<p>Nieuw</p>",
    );
  });

  it("a short unclosed quote at the end of the file fails the run as well", async () => {
    await shopWith([703001, 703002]);
    const run = await importFile([HEADER, row(703001), `703002;Merk;"open;x;1`, row(703003)].join("\n") + "\n", {
      fullFeed: true,
    });
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/never closed/);
    expect(await statusOf([703001, 703002])).toEqual({ 703001: 1, 703002: 1 });
  });
});

describe("the safety share of a full feed (issue 27 item 2)", () => {
  const shop = Array.from({ length: 10 }, (_, i) => 710001 + i);

  it("sets missing products inactive up to 20 % of the active products (2 of 10)", async () => {
    await shopWith(shop);
    const run = await importFile([HEADER, ...shop.slice(0, 8).map((a) => row(a))].join("\n") + "\n", {
      fullFeed: true,
    });
    expect(run).toMatchObject({ status: "succeeded", deactivated: 2, deactivationHold: null });
    expect(await statusOf(shop.slice(8))).toEqual({ 710009: 0, 710010: 0 });
  });

  it("holds more than 20 % (3 of 10) with count and sample, until the admin confirms that run", async () => {
    await shopWith(shop);
    const run = await importFile([HEADER, ...shop.slice(0, 7).map((a) => row(a))].join("\n") + "\n", {
      fullFeed: true,
    });
    expect(run).toMatchObject({ status: "succeeded", deactivated: 0 });
    expect(run.deactivationHold).toEqual({
      state: "held",
      count: 3,
      activeProducts: 10,
      maxPercent: 20,
      reasons: ["3 of 10 active products is more than the safety share of 20 %"],
      sample: [
        { artNo: 710008, name: "Product 710008" },
        { artNo: 710009, name: "Product 710009" },
        { artNo: 710010, name: "Product 710010" },
      ],
    });
    expect(await statusOf(shop.slice(7))).toEqual({ 710008: 1, 710009: 1, 710010: 1 });

    // A product added after the run is not among what the confirmation sets inactive.
    await shopWith([710099]);
    expect(await confirmHeldDeactivation(db(), actor, run.id)).toEqual({ ok: true, deactivated: 3 });
    expect(await statusOf([...shop.slice(6), 710099])).toEqual({
      710007: 1,
      710008: 0,
      710009: 0,
      710010: 0,
      710099: 1,
    });
    const confirmed = await report(run.id);
    expect(confirmed).toMatchObject({
      deactivated: 3,
      deactivationHold: { state: "confirmed", confirmedBy: actor.email },
    });
    expect(await db().select().from(supplierFeedHeldDeactivations)).toEqual([]);
    const [change] = await db()
      .select()
      .from(adminChanges)
      .where(sql`${adminChanges.entityId} = ${String(run.id)} and ${adminChanges.action} = 'confirm-deactivation'`);
    expect(change).toMatchObject({ actorId: actor.id, after: { deactivated: 3 } });
    // Once only.
    expect(await confirmHeldDeactivation(db(), actor, run.id)).toMatchObject({ ok: false });
  });

  it("a scheduled run never confirms by itself, and a later product import makes the earlier hold stale", async () => {
    await shopWith(shop);
    const csv = [HEADER, ...shop.slice(0, 5).map((a) => row(a))].join("\n") + "\n";
    const worker = createJobWorker({
      db: db(),
      logger,
      queues: { [FEED_QUEUE]: feedQueues({ db: db(), config, logger })[FEED_QUEUE]! },
    });
    const first = await upload(csv, { fullFeed: true, scheduleId: 1 });
    await worker.runOnce();
    await worker.runOnce();
    expect(await report(first.id)).toMatchObject({
      status: "succeeded",
      deactivated: 0,
      deactivationHold: { state: "held", count: 5 },
    });
    expect(Object.values(await statusOf(shop))).toEqual(Array(10).fill(1));

    const second = await upload(csv, { fullFeed: true, scheduleId: 1 });
    await worker.runOnce();
    expect(await report(second.id)).toMatchObject({ deactivated: 0, deactivationHold: { state: "held", count: 5 } });
    expect(await report(first.id)).toMatchObject({ deactivationHold: { state: "superseded" } });
    expect(await confirmHeldDeactivation(db(), actor, first.id)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/later product import/),
    });
    expect(Object.values(await statusOf(shop))).toEqual(Array(10).fill(1));
  });

  it("a dry run of a full feed counts what it would set inactive and holds nothing", async () => {
    await shopWith(shop);
    const run = await importFile([HEADER, row(shop[0]!)].join("\n") + "\n", { fullFeed: true, dryRun: true });
    expect(run).toMatchObject({ status: "succeeded", deactivated: 9, deactivationHold: null });
    expect(Object.values(await statusOf(shop))).toEqual(Array(10).fill(1));
  });
});
