import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "~/db/client.server";
import { jobs, outbox, type MailAttachmentRef } from "~/db/schema";
import { createJobWorker, PermanentJobError, type JobWorker, type QueueDefinition } from "~/shared/jobs/worker.server";
import type { Logger } from "~/shared/logging/logger.server";
import { MAIL_QUEUE, MAX_ATTEMPTS } from "./outbox.server";

export { MAX_ATTEMPTS };

/** Wait before the 2nd, 3rd, 4th and 5th attempt. */
export const DEFAULT_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

/**
 * How long a claimed mail belongs to its worker. Far longer than a send can take with the timeouts
 * below (connect 10 s + greeting 10 s + 20 s of socket silence per step), so a live worker keeps its
 * mail; a worker that died mid-send gives it up when the lease runs out.
 */
export const LEASE_MS = 2 * 60_000;

export type MailQueueOptions = {
  /** smtp:// or smtps:// URL; its credentials are never logged. */
  smtpUrl: string;
  from: string;
  retryDelaysMs?: number[];
  /** Makes the file an outbox row's attachment names (an invoice PDF), when the mail is sent. */
  resolveAttachment: ResolveMailAttachment;
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type ResolveMailAttachment = (db: Db, ref: MailAttachmentRef) => Promise<MailAttachment>;

/**
 * E-mail delivery as a job queue: the job (one per outbox row, enqueued with the mail) carries the
 * attempts, backoff and lease; the outbox row mirrors them for the admin's view. Delivery is
 * at-least-once: a worker that dies after the SMTP server accepted the mail but before recording it
 * sends it again when the lease expires. No transaction or lock is held while talking to the server.
 */
export function mailQueue(options: MailQueueOptions): {
  definition: QueueDefinition<typeof MAIL_QUEUE>;
  close: () => void;
} {
  // Short timeouts: a hanging server holds up this job (not the database) and must stay well inside the lease.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const definition: QueueDefinition<typeof MAIL_QUEUE> = {
    backoff: { delaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS },
    leaseMs: LEASE_MS,
    run: async (payload, { db, job, logger }) => {
      const { outboxId } = payload;
      const [row] = await db
        .update(outbox)
        .set({ status: "sending", attempts: job.attempts, lockedUntil: job.lockedUntil })
        .where(sql`${outbox.id} = ${outboxId} and ${outbox.status} <> 'sent'`)
        .returning();
      if (!row) return; // already sent (or removed): nothing to do
      try {
        await transport.sendMail({
          from: options.from,
          to: row.toAddress,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          attachments: await Promise.all((row.attachments ?? []).map((ref) => options.resolveAttachment(db, ref))),
          headers: { "X-Trapkracht-Outbox-Id": String(row.id) },
        });
      } catch (error) {
        if (recipientRefusedForGood(error)) throw new PermanentJobError((error as Error).message);
        throw error;
      }
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null, lastErrorAt: null })
        .where(eq(outbox.id, outboxId));
      logger.info({ outboxId, attempts: job.attempts }, "mail sent");
    },
    onRetry: async (tx, job, error, retryInMs) => {
      await tx
        .update(outbox)
        .set({
          status: "pending",
          attempts: job.attempts,
          lockedUntil: null,
          lastError: error,
          lastErrorAt: sql`now()`,
          nextAttemptAt: sql`now() + ${retryInMs}::integer * interval '1 millisecond'`,
        })
        .where(eq(outbox.id, Number(job.payload.outboxId)));
    },
    onFailed: async (tx, job, error) => {
      await tx
        .update(outbox)
        .set({ status: "failed", attempts: job.attempts, lockedUntil: null, lastError: error, lastErrorAt: sql`now()` })
        .where(eq(outbox.id, Number(job.payload.outboxId)));
    },
  };
  return { definition, close: () => transport.close() };
}

/**
 * The mail server refused the recipient with a 5xx reply to RCPT TO ("550 5.1.1 User unknown"):
 * that address will refuse it the next hour too (RFC 5321: a permanent negative reply), so the mail
 * fails at once and the admin sees it now, not after five attempts. A 4xx (greylisting, a full
 * mailbox) is tried again; a 5xx elsewhere (MAIL FROM, authentication) is the shop's own setup,
 * which the admin may fix before the attempts run out, so it is tried again too.
 */
function recipientRefusedForGood(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, command, responseCode } = error as Error & { code?: string; command?: string; responseCode?: number };
  return code === "EENVELOPE" && command === "RCPT TO" && typeof responseCode === "number" && responseCode >= 500;
}

export type MailDeliveryOptions = MailQueueOptions & {
  db: Db;
  logger: Logger;
  /** Pause between passes. Default 5 s. */
  intervalMs?: number;
  /** Mails sent per pass at most. Default 25. */
  batchSize?: number;
};

export type MailDelivery = Pick<JobWorker, "runOnce"> & { stop: () => Promise<void> };

/**
 * A job worker for e-mail alone (the browser tests' shop and tests use it; the server runs the mail
 * queue in its one worker with the other queues).
 */
export function startMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const mail = mailQueue(options);
  const worker = createJobWorker({
    db: options.db,
    logger: options.logger,
    queues: { [MAIL_QUEUE]: mail.definition },
    pollMs: options.intervalMs ?? 5_000,
    batchSize: options.batchSize ?? 25,
    concurrency: 1,
  });
  worker.start();
  return {
    runOnce: worker.runOnce,
    stop: async () => {
      await worker.stop();
      mail.close();
    },
  };
}

/** The job of one outbox row (tests and the admin's outbox view). */
export const mailJob = (outboxId: number) => eq(jobs.singletonKey, `${MAIL_QUEUE}:${outboxId}`);
