import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { jobs } from "../../app/db/schema";
import { enqueueJob, retryFailedJob } from "../../app/shared/jobs/queue.server";
import {
  createJobWorker,
  PermanentJobError,
  type JobWorker,
  type JobWorkerOptions,
  type QueueDefinition,
} from "../../app/shared/jobs/worker.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { useTestDatabase } from "../support/fixture";

const logger = createLogger("silent");

declare module "../../app/shared/jobs/queue.server" {
  interface JobPayloads {
    /** This file's queue: `n` names the job in what the handler saw. */
    test: { n?: number | string };
  }
}

describe("the job queue", () => {
  const database = useTestDatabase();
  const workers: JobWorker[] = [];
  const worker = (queues: JobWorkerOptions["queues"], extra: Partial<JobWorkerOptions> = {}) => {
    const w = createJobWorker({ db: database.db, logger, queues, ...extra });
    workers.push(w);
    return w;
  };
  const rows = () => database.db.select().from(jobs).orderBy(asc(jobs.id));
  /** A queue whose handler records the payloads it ran and fails as told. */
  const recording = (fail: (n: number) => Error | null = () => null, extra: Partial<QueueDefinition<"test">> = {}) => {
    const ran: unknown[] = [];
    const failed: string[] = [];
    const definition: QueueDefinition<"test"> = {
      backoff: { baseMs: 0, maxMs: 0 },
      leaseMs: 60_000,
      run: async (payload) => {
        ran.push(payload.n);
        const error = fail(ran.length);
        if (error) throw error;
      },
      onFailed: async (_tx, job, error) => {
        failed.push(`${job.id}:${error}`);
      },
      ...extra,
    };
    return { definition, ran, failed };
  };

  beforeEach(async () => {
    await database.db.delete(jobs);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  it("runs a job once and records it completed with its attempt", async () => {
    const q = recording();
    await enqueueJob(database.db, "test", { n: 1 });
    expect(await worker({ test: q.definition }).runOnce()).toBe(1);
    expect(q.ran).toEqual([1]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "completed", attempts: 1, lastError: null, lockedUntil: null });
    expect(row!.history).toHaveLength(1);
    expect(row!.history[0]).toMatchObject({ attempt: 1, error: null });
    expect(await workers[0]!.runOnce()).toBe(0);
    expect(q.ran).toEqual([1]);
  });

  it("enqueues inside the caller's transaction: a rolled-back change leaves no job", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, "test", { n: 1 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toHaveLength(0);
  });

  it("keeps one job per singleton key", async () => {
    expect(await enqueueJob(database.db, "test", { n: 1 }, { singletonKey: "order:1" })).not.toBeNull();
    expect(await enqueueJob(database.db, "test", { n: 2 }, { singletonKey: "order:1" })).toBeNull();
    expect(await rows()).toHaveLength(1);
  });

  it("retries with backoff, then fails for good after the last attempt and calls onFailed once", async () => {
    const q = recording(() => new Error("502 Bad Gateway"));
    await enqueueJob(database.db, "test", { n: 1 }, { maxAttempts: 3 });
    const w = worker({ test: q.definition });
    await w.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "502 Bad Gateway" });
    await w.runOnce();
    await w.runOnce();
    await w.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row!.history.map((h) => h.error)).toEqual(["502 Bad Gateway", "502 Bad Gateway", "502 Bad Gateway"]);
    expect(q.ran).toHaveLength(3);
    expect(q.failed).toEqual([`${row!.id}:502 Bad Gateway`]);
  });

  it("waits the exponential backoff in the database, honoured by a fresh worker", async () => {
    const failing = recording(() => new Error("timeout"), { backoff: { baseMs: 60_000, maxMs: 3_600_000 } });
    await enqueueJob(database.db, "test", { n: 1 });
    await worker({ test: failing.definition }).runOnce();
    await worker({ test: failing.definition }).runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    const [{ wait } = { wait: 0 }] = await database.db
      .select({ wait: sql<number>`extract(epoch from ${jobs.runAt} - now())::int` })
      .from(jobs);
    expect(wait).toBeGreaterThanOrEqual(58);
    expect(wait).toBeLessThanOrEqual(60);
    await database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });
    const good = recording();
    expect(await worker({ test: good.definition }).runOnce()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("fails at once on a permanent error", async () => {
    const q = recording(() => new PermanentJobError("Onbekend artikel 123"));
    await enqueueJob(database.db, "test", { n: 1 }, { maxAttempts: 5 });
    await worker({ test: q.definition }).runOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "Onbekend artikel 123" });
    expect(q.failed).toHaveLength(1);
  });

  it("puts a failed job back in line on retry", async () => {
    const q = recording((n) => (n === 1 ? new PermanentJobError("nee") : null));
    const id = (await enqueueJob(database.db, "test", { n: 1 }))!;
    const w = worker({ test: q.definition });
    await w.runOnce();
    expect(await retryFailedJob(database.db, id)).toBe(true);
    expect(await retryFailedJob(database.db, id)).toBe(false); // no longer failed
    expect(await w.runOnce()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "completed", attempts: 1 });
    expect(row!.history.map((h) => h.error)).toEqual(["nee", null]);
  });

  it("never runs a job twice when two workers pass at the same time", async () => {
    const a = recording();
    const b = recording();
    for (let n = 0; n < 20; n++) await enqueueJob(database.db, "test", { n });
    const [doneA, doneB] = await Promise.all([
      worker({ test: a.definition }).runOnce(),
      worker({ test: b.definition }).runOnce(),
    ]);
    expect(doneA + doneB).toBe(20);
    const ran = [...a.ran, ...b.ran].map(Number).sort((x, y) => x - y);
    expect(ran).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("retries a job whose worker's lease ran out, not one still leased, and fails one abandoned on its last attempt", async () => {
    const q = recording();
    const expired = (await enqueueJob(database.db, "test", { n: "verlopen" }))!;
    const leased = (await enqueueJob(database.db, "test", { n: "bezig" }))!;
    const last = (await enqueueJob(database.db, "test", { n: "laatste" }, { maxAttempts: 2 }))!;
    const set = (id: number, values: Parameters<ReturnType<typeof database.db.update<typeof jobs>>["set"]>[0]) =>
      database.db.update(jobs).set(values).where(eq(jobs.id, id));
    await set(expired, { status: "running", attempts: 1, lockedUntil: sql`now() - interval '1 second'` });
    await set(leased, { status: "running", attempts: 1, lockedUntil: sql`now() + interval '2 minutes'` });
    await set(last, { status: "running", attempts: 2, lockedUntil: sql`now() - interval '1 second'` });

    expect(await worker({ test: q.definition }).runOnce()).toBe(1);
    expect(q.ran).toEqual(["verlopen"]);
    const byId = new Map((await rows()).map((r) => [r.id, r]));
    expect(byId.get(expired)).toMatchObject({ status: "completed", attempts: 2 });
    expect(byId.get(leased)).toMatchObject({ status: "running", attempts: 1 });
    expect(byId.get(last)).toMatchObject({ status: "failed", attempts: 2 });
    expect(byId.get(last)!.lastError).toContain("laatste poging");
    expect(q.failed).toEqual([`${last}:${byId.get(last)!.lastError}`]);
  });

  it("runs a schedule once per slot, however many workers pass", async () => {
    const q = recording();
    const options = { schedules: [{ queue: "test" as const, everyMs: 3_600_000, payload: { n: "elk-uur" } }] };
    await Promise.all([
      worker({ test: q.definition }, options).runOnce(),
      worker({ test: q.definition }, options).runOnce(),
    ]);
    await worker({ test: q.definition }, options).runOnce();
    expect(q.ran).toEqual(["elk-uur"]);
    const [row] = await rows();
    expect(row!.singletonKey).toMatch(/^test@\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
  });

  it("at shutdown lets a running job finish within the deadline", async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const slow: QueueDefinition = {
      backoff: { baseMs: 0, maxMs: 0 },
      leaseMs: 60_000,
      run: () => {
        started();
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    await enqueueJob(database.db, "test", {});
    const w = worker({ test: slow });
    const pass = w.runOnce();
    await begun;
    const stopping = w.stop(5_000);
    release();
    await stopping;
    expect(await pass).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("at shutdown hands a job back when it does not finish within the deadline", async () => {
    let started: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const stuck: QueueDefinition = {
      backoff: { baseMs: 0, maxMs: 0 },
      leaseMs: 60_000,
      run: (_payload, { signal }) => {
        started();
        return new Promise<void>((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new Error("afgebroken"))),
        );
      },
    };
    await enqueueJob(database.db, "test", {});
    const w = worker({ test: stuck });
    const pass = w.runOnce();
    await begun;
    await w.stop(100);
    expect(await pass).toBe(0);
    const [row] = await rows();
    // Back in line as if never claimed: another instance (or the next start) runs it at once.
    expect(row).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
  });
});
