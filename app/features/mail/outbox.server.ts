import type { DbExecutor } from "~/db/client.server";
import { outbox, type MailAttachmentRef } from "~/db/schema";
import { enqueueJob } from "~/shared/jobs/queue.server";

/** The job queue that delivers the outbox. */
export const MAIL_QUEUE = "mail";

declare module "~/shared/jobs/queue.server" {
  interface JobPayloads {
    mail: { outboxId: number };
  }
}

/** After this many failed sends a mail is marked failed and left for a person to look at. */
export const MAX_ATTEMPTS = 5;

export type OutgoingMail = {
  /** What kind of mail this is, for the admin outbox view and logs (e.g. "contact-message"). */
  kind: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** Files made at send time (see MailAttachmentRef). */
  attachments?: MailAttachmentRef[];
  /** The order the mail is about: it then shows in that order's timeline (ADR 0029). */
  orderId?: string | null;
  /** An admin's resend: the outbox row this mail copies. */
  resentFromId?: number | null;
};

/**
 * Writes a mail to the outbox with its delivery job, in the caller's transaction; the job worker
 * sends it when SMTP is configured (until then it waits).
 */
export async function enqueueMail(executor: DbExecutor, mail: OutgoingMail): Promise<{ id: number }> {
  return executor.transaction(async (tx) => {
    const row = await insertOutbox(tx, mail);
    await enqueueJob(
      tx,
      MAIL_QUEUE,
      { outboxId: row.id },
      { singletonKey: `${MAIL_QUEUE}:${row.id}`, maxAttempts: MAX_ATTEMPTS },
    );
    return row;
  });
}

async function insertOutbox(tx: DbExecutor, mail: OutgoingMail): Promise<{ id: number }> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      orderId: mail.orderId ?? null,
      resentFromId: mail.resentFromId ?? null,
    })
    .returning({ id: outbox.id });
  return row!;
}
