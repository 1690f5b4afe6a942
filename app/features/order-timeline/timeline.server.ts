import { and, asc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import {
  adminChanges,
  localPaymentSessions,
  orderEvents,
  orderRefunds,
  orders,
  outbox,
  type OutboxStatus,
} from "~/db/schema";
import { getDropshipmentJob } from "~/features/fulfilment/index.server";
import { listWithdrawals } from "~/features/shopper-orders/index.server";
import type { MailState, TimelineEntry } from "./timeline-entry";

/** More admin changes than this on one order is not a history a person reads in a dialog. */
const MAX_CHANGES = 500;
/** Likewise for mails (resends included). */
const MAX_MAILS = 500;

/**
 * Ties (one transaction writes the payment and its mails with the same `now()`) are broken so a
 * cause comes before what it caused: the payment before its confirmation mail, an admin's change
 * before the mail it queued.
 */
const RANK: Record<TimelineEntry["kind"], number> = {
  placed: 0,
  payment: 1,
  withdrawal: 2,
  refund: 3,
  "dropshipment-attempt": 4,
  "supplier-accepted": 5,
  "admin-change": 6,
  mail: 7,
};

const MAIL_STATE: Record<OutboxStatus, MailState> = {
  pending: "waiting",
  sending: "sending",
  sent: "sent",
  failed: "failed",
};

/**
 * Everything that happened to one order, oldest first: placed, paid, withdrawals, refunds, each
 * dropshipment attempt and the supplier's acceptance, admin changes, and every mail about it in the
 * outbox with its state. Null when the order does not exist.
 */
export async function loadOrderTimeline(db: DbExecutor, orderId: string): Promise<TimelineEntry[] | null> {
  const [order] = await db
    .select({
      createdAt: orders.createdAt,
      totalCents: orders.totalAmountCents,
      couponCode: orders.couponCode,
      paidAt: orders.paidAt,
      paymentProvider: orders.paymentProvider,
      paymentSessionId: orders.paymentSessionId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;

  const [localSession, withdrawals, refunds, job, events, changes, mails] = await Promise.all([
    order.paidAt && order.paymentProvider === "local" && order.paymentSessionId
      ? db
          .select({ method: localPaymentSessions.paymentMethod, bank: localPaymentSessions.bank })
          .from(localPaymentSessions)
          .where(eq(localPaymentSessions.id, order.paymentSessionId))
          .limit(1)
      : Promise.resolve([]),
    listWithdrawals(db, orderId),
    db
      .select({
        id: orderRefunds.id,
        amountCents: orderRefunds.amountCents,
        status: orderRefunds.status,
        error: orderRefunds.error,
        restock: orderRefunds.restock,
        provider: orderRefunds.provider,
        by: orderRefunds.createdByEmail,
        createdAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt)),
    getDropshipmentJob(db, orderId),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    db
      .select()
      .from(adminChanges)
      .where(and(eq(adminChanges.entityType, "order"), eq(adminChanges.entityId, orderId)))
      .orderBy(asc(adminChanges.id))
      .limit(MAX_CHANGES),
    db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        to: outbox.toAddress,
        subject: outbox.subject,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        resentFromId: outbox.resentFromId,
      })
      .from(outbox)
      .where(eq(outbox.orderId, orderId))
      .orderBy(asc(outbox.id))
      .limit(MAX_MAILS),
  ]);

  const entries: TimelineEntry[] = [
    { kind: "placed", at: new Date(order.createdAt), totalCents: order.totalCents, couponCode: order.couponCode },
  ];
  if (order.paidAt) {
    entries.push({
      kind: "payment",
      at: new Date(order.paidAt),
      provider: order.paymentProvider,
      amountCents: order.totalCents,
      method: localSession[0]?.method ?? null,
      bank: localSession[0]?.bank ?? null,
    });
  }
  for (const w of withdrawals) {
    entries.push({
      kind: "withdrawal",
      at: new Date(w.createdAt),
      id: w.id,
      channel: w.channel,
      refundDueAt: new Date(w.refundDueAt),
      reason: w.reason,
      lines: w.lines.map((l) => ({ productName: l.productName, quantity: l.quantity })),
    });
  }
  for (const r of refunds) {
    entries.push({
      kind: "refund",
      at: new Date(r.createdAt),
      id: r.id,
      amountCents: r.amountCents,
      status: r.status,
      error: r.error,
      restock: r.restock,
      provider: r.provider,
      by: r.by,
    });
  }
  for (const attempt of job?.history ?? []) {
    entries.push({
      kind: "dropshipment-attempt",
      at: new Date(attempt.startedAt),
      attempt: attempt.attempt,
      maxAttempts: job!.maxAttempts,
      finishedAt: new Date(attempt.finishedAt),
      error: attempt.error,
    });
  }
  for (const e of events) {
    if (e.kind === "supplier-accepted") {
      entries.push({ kind: "supplier-accepted", at: new Date(e.createdAt), ...e.detail });
    }
  }
  for (const c of changes) {
    entries.push({
      kind: "admin-change",
      at: new Date(c.createdAt),
      id: c.id,
      action: c.action,
      by: c.actorEmail,
      before: c.before,
      after: c.after,
    });
  }
  for (const m of mails) {
    entries.push({
      kind: "mail",
      at: new Date(m.createdAt),
      outboxId: m.id,
      mailKind: m.kind,
      to: m.to,
      subject: m.subject,
      state: MAIL_STATE[m.status] ?? "waiting",
      attempts: m.attempts,
      error: m.lastError,
      sentAt: m.sentAt ? new Date(m.sentAt) : null,
      resentFromId: m.resentFromId,
    });
  }
  // A stable sort: within one kind and moment the rows keep their id order.
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || RANK[a.kind] - RANK[b.kind]);
}
