import type { Db } from "~/db/client.server";
import type { AdminActor } from "~/features/admin-changes/index.server";
import { isUuid } from "~/features/orders";
import { resendMail, type ResendResult } from "~/features/admin-emails/index.server";

export type { ResendResult };

/**
 * "Resend" on the order's timeline: the E-mails tab's resend (one way to send a mail again, ADR
 * 0036) limited to this order's mails: a copy as a new outbox row, recorded on the order in the
 * change log. Only a mail linked to this order can be sent again from it.
 */
export async function resendOrderMail(
  db: Db,
  actor: AdminActor,
  { orderId, outboxId }: { orderId: string; outboxId: number },
): Promise<ResendResult> {
  if (!isUuid(orderId)) return { ok: false, reason: "not-found" };
  return resendMail(db, actor, { orderId, outboxId });
}
