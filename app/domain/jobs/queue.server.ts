import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { jobs } from "~/db/schema";

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
export async function enqueueJob(
  tx: DbExecutor,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const [row] = await tx
    .insert(jobs)
    .values({
      queue,
      payload,
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
