import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** pending → running (claimed, lease in locked_until) → completed, or back to pending, or failed after the last attempt. */
export type JobStatus = "pending" | "running" | "completed" | "failed";

/** One attempt of a job, kept on the job for the admin's view of what went wrong and when. */
export type JobAttempt = { attempt: number; startedAt: string; finishedAt: string; error: string | null };

/**
 * Every piece of background work (supplier orders, e-mail delivery, payment reconciliation, imports)
 * is a row here, inserted in the same transaction as the change that causes it (ADR 0010).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    queue: text("queue").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** A pending job is not claimed before this moment: the retry backoff, shared by every instance. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Lease of a running job; a worker that died mid-job gives it up when the lease runs out. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    history: jsonb("history").$type<JobAttempt[]>().notNull().default([]),
    /**
     * At most one job ever per key: one supplier order per paid order, one run per schedule slot.
     * Enqueueing a key that exists does nothing.
     */
    singletonKey: text("singleton_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_singleton_key").on(t.singletonKey),
    index("jobs_due_idx")
      .on(t.runAt, t.id)
      .where(sql`${t.status} in ('pending', 'running')`),
    index("jobs_failed_idx")
      .on(t.queue, t.id)
      .where(sql`${t.status} = 'failed'`),
  ],
);
