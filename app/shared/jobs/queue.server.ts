import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { jobs } from "~/db/schema";

/**
 * Each queue's payload, by queue name (issue 32 item 4). Every area that has a queue adds its own
 * entry beside its handler, by declaration merging:
 *
 *   declare module "~/shared/jobs/queue.server" {
 *     interface JobPayloads { dropshipment: { orderId: string } }
 *   }
 *
 * so `enqueueJob` accepts only that queue's payload and the queue's `run` is handed that type, while
 * no area imports another's queue to get there. A queue with no entry cannot be enqueued to or run.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each area (see above)
export interface JobPayloads {}

export type QueueName = keyof JobPayloads;

export type EnqueueOptions = {
  /** At most one job ever with this key (see jobs.singleton_key); a second enqueue does nothing. */
  singletonKey?: string;
  /** Attempts before the job is failed for good. Default 5. */
  maxAttempts?: number;
  /** Not before this moment (default: now). */
  runAt?: Date;
};

/**
 * Adds a job. Pass the open transaction of the change that causes it, so the job exists exactly
 * when the change does. Returns the job's id, or null when its singleton key was already taken.
 */
export async function enqueueJob<Q extends QueueName>(
  tx: DbExecutor,
  queue: Q,
  payload: JobPayloads[Q],
  options: EnqueueOptions = {},
): Promise<number | null> {
  const [row] = await tx
    .insert(jobs)
    .values({
      queue,
      payload: payload as Record<string, unknown>,
      singletonKey: options.singletonKey ?? null,
      maxAttempts: options.maxAttempts ?? 5,
      runAt: options.runAt ?? sql`now()`,
    })
    .onConflictDoNothing({ target: jobs.singletonKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** A job failed for good, put back in line for another full round of attempts (the admin's "retry now"). */
export async function retryFailedJob(tx: DbExecutor, id: number): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ status: "pending", attempts: 0, runAt: sql`now()`, lockedUntil: null, lockedBy: null, finishedAt: null })
    .where(sql`${jobs.id} = ${id} and ${jobs.status} = 'failed'`)
    .returning({ id: jobs.id });
  return rows.length > 0;
}
