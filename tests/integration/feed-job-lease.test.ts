import { asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { jobs, supplierFeedRuns } from "../../app/db/schema";
import { SEARCH_BLOCKS_QUEUE } from "../../app/features/search/search-blocks.server";
import { createBackgroundJobs } from "../../server/job-registry";
import { enqueueJob } from "../../app/shared/jobs/queue.server";
import {
  createJobWorker,
  type JobWorker,
  type QueueDefinition,
  type QueueDefinitions,
} from "../../app/shared/jobs/worker.server";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { feedQueues } from "../../app/features/supplier-feed/import-job.server";
import { FEED_QUEUE } from "../../app/features/supplier-feed/runs.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useFeedFixture } from "../support/feed-fixture";

/*
 * Issue 27 item 4: feed imports have a worker of their own (they never wait behind the search
 * summary's refresh), and an import whose process died is taken over within 30 s: a short lease that
 * a running job renews (heartbeat), not one of two minutes. ADR 0010, 2026-11-27.
 */
const logger = createLogger("silent");

declare module "../../app/shared/jobs/queue.server" {
  interface JobPayloads {
    /** This file's long-running job. */
    slow: Record<string, never>;
  }
}
const { config, db, upload } = useFeedFixture("feed-lease");
const uploadStock = (content: string) => upload(content, { kind: "stock", fileName: "voorraad.csv" });

const workers: JobWorker[] = [];
const worker = (queues: QueueDefinitions) => {
  const w = createJobWorker({ db: db(), logger, queues });
  workers.push(w);
  return w;
};
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

const jobRows = () => db().select().from(jobs).orderBy(asc(jobs.id));
const runRow = async (id: number) =>
  (await db().select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, id)))[0]!;
/** The database's clock is the one leases are judged by. */
const dbNowIsAfter = async (moment: Date) =>
  rowsOf<{ after: boolean }>(await db().execute(sql`SELECT now() > ${moment.toISOString()}::timestamptz AS after`))[0]!
    .after;
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));

describe("feed imports and the search summary (issue 27 item 4)", () => {
  it("the import worker runs imports only; the search summary's refresh has a worker of its own", async () => {
    await createProduct(db(), { artNo: 830001, stockQuantity: 1 });
    const payments = createPaymentProvider({ db: db(), config, logger });
    const background = createBackgroundJobs({ db: db(), config, logger, payments });
    try {
      await enqueueJob(db(), SEARCH_BLOCKS_QUEUE, {});
      const run = await uploadStock("ArtNo;ArtQuantity\n830001;7\n");

      await background.importWorker.runOnce();
      expect(await runRow(run.id)).toMatchObject({ status: "succeeded", changed: 1 });
      const refresh = (await jobRows()).filter((j) => j.queue === SEARCH_BLOCKS_QUEUE);
      expect(refresh.map((j) => j.status)).toEqual(["pending"]);

      await background.searchWorker.runOnce();
      const after = (await jobRows()).filter((j) => j.queue === SEARCH_BLOCKS_QUEUE);
      expect(after.every((j) => j.status === "completed")).toBe(true);
    } finally {
      await background.stop();
    }
  });
});

describe("the lease of a running import (issue 27 item 4)", () => {
  it("an import claimed by a process that died is taken over once 29 s have passed (the real feed queue)", async () => {
    const feed = feedQueues({ db: db(), config, logger })[FEED_QUEUE]!;
    await createProduct(db(), { artNo: 831001, stockQuantity: 1 });
    const run = await uploadStock("ArtNo;ArtQuantity\n831001;9\n");

    // The dead claimer: the real queue's lease, a handler that never ends and never renews.
    const dead = createJobWorker({
      db: db(),
      logger,
      queues: { [FEED_QUEUE]: { ...feed, heartbeatMs: undefined, run: () => new Promise<void>(() => undefined) } },
    });
    void dead.runOnce();
    let claimed = (await jobRows())[0]!;
    while (claimed.status !== "running") {
      await pause();
      claimed = (await jobRows())[0]!;
    }

    // While the lease runs, another instance leaves the job alone.
    const other = worker({ [FEED_QUEUE]: feed });
    expect(await other.runOnce()).toBe(0);

    // The clock moves on 29 s (30 s minus the worker's 1 s poll): the import is another's now.
    await db()
      .update(jobs)
      .set({ lockedUntil: sql`${jobs.lockedUntil} - interval '29 seconds'` })
      .where(eq(jobs.id, claimed.id));
    expect(await other.runOnce()).toBe(1);
    expect(await runRow(run.id)).toMatchObject({ status: "succeeded", changed: 1 });
    expect((await jobRows())[0]).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("a running job renews its lease, so no other instance takes it while it runs", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const slow: QueueDefinition<"slow"> = {
      backoff: { baseMs: 0, maxMs: 0 },
      leaseMs: 2_000,
      heartbeatMs: 100,
      run: async () => {
        runs++;
        started();
        await released;
      },
    };
    await enqueueJob(db(), "slow", {});
    const pass = worker({ slow }).runOnce();
    await running;
    const firstLease = (await jobRows())[0]!.lockedUntil!;

    // Past the lease it was claimed with, by the database's clock.
    while (!(await dbNowIsAfter(firstLease))) await pause();
    const now = (await jobRows())[0]!;
    expect(now.status).toBe("running");
    expect(now.lockedUntil!.getTime()).toBeGreaterThan(firstLease.getTime());
    expect(await worker({ slow }).runOnce()).toBe(0);

    release();
    expect(await pass).toBe(1);
    expect(runs).toBe(1);
    expect((await jobRows())[0]).toMatchObject({ status: "completed", attempts: 1 });
  });
});
