import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { enqueueMail } from "~/features/mail/index.server";

export type ResendResult = { ok: true; outboxId: number; to: string } | { ok: false; reason: "not-found" };

/**
 * The one way an admin sends a mail again (the E-mails tab and an order's timeline): a copy of the
 * outbox row (same recipient, subject, bodies, attachments and order) as a new row with its own
 * delivery job and `resent_from_id` naming the original, and the admin change that says who asked,
 * in one transaction. The original stays as it was. A mail about an order is recorded on the order
 * (its timeline lists the change); any other on the mail itself (entity "mail", the outbox id).
 * `orderId`, when given, must be the mail's order: the timeline can only resend its own mails.
 */
export async function resendMail(
  db: Db,
  actor: AdminActor,
  { outboxId, orderId }: { outboxId: number; orderId?: string },
): Promise<ResendResult> {
  if (!Number.isSafeInteger(outboxId) || outboxId < 1 || outboxId > 2_147_483_647) {
    return { ok: false, reason: "not-found" };
  }
  return db.transaction(async (tx): Promise<ResendResult> => {
    const [mail] = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.id, outboxId), orderId === undefined ? undefined : eq(outbox.orderId, orderId)))
      .limit(1);
    if (!mail) return { ok: false, reason: "not-found" };
    const copy = await enqueueMail(tx, {
      kind: mail.kind,
      to: mail.toAddress,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      attachments: mail.attachments ?? [],
      orderId: mail.orderId,
      resentFromId: mail.id,
    });
    await recordAdminChange(tx, actor, {
      entityType: mail.orderId ? "order" : "mail",
      entityId: mail.orderId ?? String(mail.id),
      action: "resend-mail",
      before: { outboxId: mail.id, status: mail.status },
      after: { outboxId: copy.id, kind: mail.kind, to: mail.toAddress },
    });
    return { ok: true, outboxId: copy.id, to: mail.toAddress };
  });
}
