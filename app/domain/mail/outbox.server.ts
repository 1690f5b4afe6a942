import type { DbExecutor } from "~/db/client.server";
import { outbox } from "~/db/schema";

export type OutgoingMail = {
  /** What kind of mail this is, for the admin outbox view and logs (e.g. "contact-message"). */
  kind: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
};

/**
 * Writes a mail to the outbox; the delivery worker sends it when SMTP is configured. Pass the open
 * transaction when there is one: the mail is enqueued inside the change that causes it.
 */
export async function enqueueMail(tx: DbExecutor, mail: OutgoingMail): Promise<{ id: number }> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
    })
    .returning({ id: outbox.id });
  return row!;
}
