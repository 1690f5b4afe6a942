import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/domain/admin/audit.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { isUuid } from "~/domain/orders/admin-orders-query";

export type ResendResult = { ok: true; outboxId: number; to: string } | { ok: false; reason: "not-found" };

/**
 * "Resend" on the order's timeline: a copy of one of this order's outbox mails (same recipient,
 * subject, bodies and attachments) as a new outbox row with its own delivery job, and the admin
 * change that says who asked, in one transaction. The original row stays as it was: the timeline
 * shows both. Only a mail linked to this order can be sent again from it.
 */
export async function resendOrderMail(
  db: Db,
  actor: AdminActor,
  { orderId, outboxId }: { orderId: string; outboxId: number },
): Promise<ResendResult> {
  if (!isUuid(orderId) || !Number.isSafeInteger(outboxId) || outboxId < 1 || outboxId > 2_147_483_647) {
    return { ok: false, reason: "not-found" };
  }
  return db.transaction(async (tx): Promise<ResendResult> => {
    const [mail] = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.id, outboxId), eq(outbox.orderId, orderId)))
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
      orderId,
      resentFromId: mail.id,
    });
    await recordAdminChange(tx, actor, {
      entityType: "order",
      entityId: orderId,
      action: "resend-mail",
      before: { outboxId: mail.id, status: mail.status },
      after: { outboxId: copy.id, kind: mail.kind, to: mail.toAddress },
    });
    return { ok: true, outboxId: copy.id, to: mail.toAddress };
  });
}
