import crypto from "node:crypto";
import { and, asc, eq, gte, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { jobs } from "~/db/schema";
import type { Logger } from "~/shared/logging/logger.server";
import { retryDelayMs, type Backoff } from "./backoff";
import { enqueueJob, type JobPayloads, type QueueName } from "./queue.server";

export type ClaimedJob = typeof jobs.$inferSelect;

/** Thrown by a job to fail at once, without the remaining attempts (a supplier's definite "no"). */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export type JobContext = {
  job: ClaimedJob;
  db: Db;
  logger: Logger;
  /** Aborted when the worker is stopping and its deadline passed: stop, the job is handed back. */
  signal: AbortSignal;
};

/** How a queue's jobs run; `run` gets the payload type the queue declared in JobPayloads. */
export type QueueDefinition<Q extends QueueName = QueueName> = {
  run: (payload: JobPayloads[Q], context: JobContext) => Promise<void>;
  backoff: Backoff;
  /**
   * How long a claimed job belongs to its worker. Longer than the job can take with its own
   * timeouts, so a live worker keeps its job; a dead worker's job is retried when it runs out.
   */
  leaseMs: number;
  /**
   * For long jobs: while the job runs, the worker renews its lease (to `leaseMs` from now) this often,
   * so the lease can be short and a job whose process died is taken over soon after `leaseMs`
   * (ADR 0010, 2026-11-27). A job whose lease was lost meanwhile (taken over) is aborted.
   */
  heartbeatMs?: number;
  /** In the transaction that records a failed attempt that will be tried again. */
  onRetry?: (tx: DbExecutor, job: ClaimedJob, error: string, retryInMs: number) => Promise<void>;
  /** In the transaction that fails the job for good (last attempt, permanent error, or abandoned). */
  onFailed?: (tx: DbExecutor, job: ClaimedJob, error: string) => Promise<void>;
};

/** Each queue's definition under its own name: a definition can only be given for the queue it was made for. */
export type QueueDefinitions = { [Q in QueueName]?: QueueDefinition<Q> };

export type Schedule = {
  [Q in QueueName]: { queue: Q; everyMs: number; payload: JobPayloads[Q] };
}[QueueName];

/** A definition as the worker holds it, whatever its queue. */
type UntypedDefinition = Omit<QueueDefinition, "run"> & {
  run: (payload: unknown, context: JobContext) => Promise<void>;
};

export type JobWorkerOptions = {
  db: Db;
  logger: Logger;
  queues: QueueDefinitions;
  /** Recurring jobs: one job per slot of `everyMs`, however many instances run (singleton key per slot). */
  schedules?: Schedule[];
  /** Pause between passes when idle. Default 1 s. */
  pollMs?: number;
  /** Jobs run at once by this worker. Default 2. */
  concurrency?: number;
  /** Jobs a single pass runs at most, so one pass never runs for long. Default 50. */
  batchSize?: number;
};

export type JobWorker = {
  /** One pass now (also what the timer runs): runs due jobs; resolves to the number completed. */
  runOnce: () => Promise<number>;
  /** Starts polling (not started by createJobWorker, so tests can drive passes themselves). */
  start: () => void;
  /**
   * Stops polling and lets running jobs finish within `deadlineMs`; past it their handlers are
   * aborted and their jobs handed back to the queue for another instance or the next start.
   */
  stop: (deadlineMs?: number) => Promise<void>;
};

/** Only the error's message: library errors can carry the request that was sent, with credentials. */
export function describeJobError(error: unknown): string {
  if (!(error instanceof Error)) return "onbekende fout";
  const code = (error as { responseCode?: number }).responseCode;
  return ((code ? `${code} ` : "") + error.message).slice(0, 1000);
}

/**
 * A long job (a feed import) says it is alive: its lease runs `ms` from now. Only while the job is
 * still this claim's (a newer claim raised `attempts`).
 */
export async function renewJobLease(db: DbExecutor, job: ClaimedJob, ms: number): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${ms}::integer * interval '1 millisecond'` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts)))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

const ABANDONED = "Afgebroken tijdens de laatste poging (worker gestopt); onbekend hoe ver de taak kwam";

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db } = options;
  // Past this point a job is a row: its payload is what its queue's own definition enqueued.
  const queues = options.queues as Record<string, UntypedDefinition>;
  const log = options.logger.child({ component: "jobs" });
  const names = Object.keys(queues);
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 2;
  const batchSize = options.batchSize ?? 50;
  const workerId = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  const running = new Map<number, { job: ClaimedJob; controller: AbortController }>();
  const lastSlot = new Map<string, number>();
  let pass: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const attemptOf = (job: ClaimedJob, startedAt: Date, error: string | null) =>
    sql`${jobs.history} || ${JSON.stringify([
      { attempt: job.attempts, startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), error },
    ])}::jsonb`;

  /** The job row is still ours: a newer claim after our lease ran out raised `attempts`. */
  const ours = (job: ClaimedJob) =>
    and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts));

  async function claim(queue: string, skip: number[]): Promise<ClaimedJob | null> {
    const definition = queues[queue]!;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, queue),
          or(
            and(eq(jobs.status, "pending"), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, "running"), lt(jobs.lockedUntil, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)),
          ),
          skip.length ? notInArray(jobs.id, skip) : undefined,
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for("update", { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({
        status: "running",
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + ${definition.leaseMs}::integer * interval '1 millisecond'`,
        lockedBy: workerId,
      })
      .where(sql`${jobs.id} = (${due})`)
      .returning();
    return row ?? null;
  }

  /** A job whose worker died during its last allowed attempt cannot be retried: failed, for a person to look at. */
  async function failAbandoned(): Promise<void> {
    for (const queue of names) {
      const definition = queues[queue]!;
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(jobs)
          .set({ status: "failed", lockedUntil: null, lastError: ABANDONED, finishedAt: sql`now()` })
          .where(
            and(
              eq(jobs.queue, queue),
              eq(jobs.status, "running"),
              lt(jobs.lockedUntil, sql`now()`),
              gte(jobs.attempts, jobs.maxAttempts),
            ),
          )
          .returning();
        for (const row of rows) {
          log.error({ jobId: row.id, queue, attempts: row.attempts }, "job abandoned during its last attempt");
          await definition.onFailed?.(tx, row, ABANDONED);
        }
      });
    }
  }

  async function handBack(job: ClaimedJob): Promise<void> {
    await db
      .update(jobs)
      .set({ status: "pending", attempts: job.attempts - 1, lockedUntil: null, lockedBy: null, runAt: sql`now()` })
      .where(ours(job));
    log.warn({ jobId: job.id, queue: job.queue }, "job handed back at shutdown");
  }

  async function execute(job: ClaimedJob): Promise<boolean> {
    const definition = queues[job.queue]!;
    const controller = new AbortController();
    running.set(job.id, { job, controller });
    const startedAt = new Date();
    const context = { job, db, logger: log.child({ jobId: job.id, queue: job.queue }), signal: controller.signal };
    const stopHeartbeat = definition.heartbeatMs ? heartbeat(job, definition, controller) : () => undefined;
    try {
      await definition.run(job.payload, context);
    } catch (error) {
      if (controller.signal.aborted) {
        await handBack(job);
        return false;
      }
      const message = describeJobError(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const delayMs = retryDelayMs(definition.backoff, job.attempts);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(jobs)
          .set({
            status: final ? "failed" : "pending",
            lockedUntil: null,
            lastError: message,
            history: attemptOf(job, startedAt, message),
            runAt: final ? undefined : sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
            finishedAt: final ? sql`now()` : undefined,
          })
          .where(ours(job))
          .returning({ id: jobs.id });
        if (!updated.length) return;
        if (final) await definition.onFailed?.(tx, job, message);
        else await definition.onRetry?.(tx, job, message, delayMs);
      });
      if (final) log.error({ jobId: job.id, queue: job.queue, attempts: job.attempts, reason: message }, "job failed");
      else log.warn({ jobId: job.id, queue: job.queue, attempts: job.attempts, reason: message }, "job will retry");
      return false;
    } finally {
      stopHeartbeat();
      running.delete(job.id);
    }
    const updated = await db
      .update(jobs)
      .set({
        status: "completed",
        lockedUntil: null,
        lastError: null,
        history: attemptOf(job, startedAt, null),
        finishedAt: sql`now()`,
      })
      .where(ours(job))
      .returning({ id: jobs.id });
    if (!updated.length) log.warn({ jobId: job.id }, "lease expired during the job, outcome left to the newer claim");
    return true;
  }

  /** Renews a running job's lease every `heartbeatMs`; returns the function that stops it. */
  function heartbeat(job: ClaimedJob, definition: QueueDefinition, controller: AbortController): () => void {
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing) return;
      renewing = true;
      renewJobLease(db, job, definition.leaseMs)
        .then((ours) => {
          if (ours || controller.signal.aborted) return;
          log.warn({ jobId: job.id, queue: job.queue }, "job lease lost (taken over); stopping this attempt");
          controller.abort();
        })
        .catch((error: unknown) => log.warn({ jobId: job.id, reason: describeJobError(error) }, "lease renewal failed"))
        .finally(() => (renewing = false));
    }, definition.heartbeatMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function enqueueSchedules(): Promise<void> {
    for (const schedule of options.schedules ?? []) {
      const slot = Math.floor(Date.now() / schedule.everyMs) * schedule.everyMs;
      if (lastSlot.get(schedule.queue) === slot) continue;
      await enqueueJob(db, schedule.queue, schedule.payload, {
        singletonKey: `${schedule.queue}@${new Date(slot).toISOString()}`,
        maxAttempts: 1,
      });
      lastSlot.set(schedule.queue, slot);
    }
  }

  async function runPass(): Promise<number> {
    await enqueueSchedules();
    await failAbandoned();
    let completed = 0;
    let claimed = 0;
    // A job that fails is tried at most once a pass, whatever its backoff (a zero delay included).
    const triedThisPass: number[] = [];
    // One claim at a time: a lane's claim must see the ids the other lanes claimed before it (a
    // claim sent beside another, with the list as it was, took a job that had just failed again).
    let claiming: Promise<unknown> = Promise.resolve();
    const claimNext = (): Promise<ClaimedJob | null> => {
      const next = claiming.then(async () => {
        for (const queue of names) {
          const job = await claim(queue, triedThisPass);
          if (job) {
            triedThisPass.push(job.id);
            return job;
          }
        }
        return null;
      });
      claiming = next.catch(() => null);
      return next;
    };
    const lane = async () => {
      while (!stopped && claimed < batchSize) {
        const job = await claimNext();
        if (!job) return;
        claimed++;
        if (await execute(job)) completed++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    return completed;
  }

  const runOnce = () => {
    // Never two passes of one worker at once; a caller joins the running pass.
    pass ??= runPass().finally(() => {
      pass = null;
    });
    return pass;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ reason: describeJobError(error) }, "job pass failed"))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    runOnce,
    start: () => {
      log.info({ queues: names, pollMs, concurrency }, "job worker started");
      schedule();
    },
    stop: async (deadlineMs = 10_000) => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = pass?.catch(() => 0);
      if (!current) return;
      let deadline: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        current.then(() => false),
        new Promise<boolean>((resolve) => (deadline = setTimeout(() => resolve(true), deadlineMs))),
      ]);
      clearTimeout(deadline);
      if (!timedOut) return;
      for (const { controller } of running.values()) controller.abort();
      // A handler that ignores its signal is not waited for: its job goes back to the queue.
      const settled = await Promise.race([
        current.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref()),
      ]);
      if (!settled) await Promise.all([...running.values()].map(({ job }) => handBack(job)));
    },
  };
}
