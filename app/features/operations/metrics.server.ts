import { probeDatabase, type Db } from "~/db/client.server";

/** The states a job is counted in: pending and due, pending until a later run_at (backoff, schedule), claimed, given up. */
export const JOB_STATES = ["waiting", "scheduled", "running", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** pending (incl. retry backoff), being sent right now, given up after the last attempt. */
export const MAIL_STATES = ["waiting", "sending", "failed"] as const;
export type MailState = (typeof MAIL_STATES)[number];

export type ShopGauges = {
  /** Per queue with at least one pending, running or failed job; every state present (0 when none). */
  jobs: { queue: string; state: JobState; count: number }[];
  mails: Record<MailState, number>;
  /** Orders that were ever paid (paid_at set), refunded ones included. */
  ordersPaid: number;
};

/**
 * Read at scrape time from the tables every instance shares, so each instance reports the same
 * figures (sum requests across instances, but take max() of these). Completed jobs and sent mails
 * are never read: the partial/status indexes keep these queries to the few open rows.
 */
export async function readShopGauges(db: Db, timeoutMs: number): Promise<ShopGauges> {
  const [jobRows, mailRows, orderRows] = await Promise.all([
    probeDatabase<{ queue: string; state: JobState; n: number | string }>(
      db,
      timeoutMs,
      `select queue,
              case when status = 'pending' and run_at > now() then 'scheduled'
                   when status = 'pending' then 'waiting'
                   else status end as state,
              count(*)::int as n
         from jobs
        where status in ('pending', 'running', 'failed')
        group by 1, 2`,
    ),
    probeDatabase<{ status: string; n: number | string }>(
      db,
      timeoutMs,
      `select status, count(*)::int as n from outbox where status in ('pending', 'sending', 'failed') group by 1`,
    ),
    probeDatabase<{ n: number | string }>(
      db,
      timeoutMs,
      `select count(*)::int as n from orders where paid_at is not null`,
    ),
  ]);

  const queues = [...new Set(jobRows.map((row) => row.queue))].sort();
  const jobs = queues.flatMap((queue) =>
    JOB_STATES.map((state) => ({
      queue,
      state,
      count: Number(jobRows.find((row) => row.queue === queue && row.state === state)?.n ?? 0),
    })),
  );
  const mailCount = (status: string) => Number(mailRows.find((row) => row.status === status)?.n ?? 0);
  return {
    jobs,
    mails: { waiting: mailCount("pending"), sending: mailCount("sending"), failed: mailCount("failed") },
    ordersPaid: Number(orderRows[0]?.n ?? 0),
  };
}
