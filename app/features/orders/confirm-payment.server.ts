import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { orderItems, orders } from "~/db/schema";
import { countCouponUse } from "~/features/coupons/index.server";
import { enqueueDropshipment } from "~/features/fulfilment/index.server";
import type { PaymentProvider, SessionState } from "~/features/payments";
import type { Logger } from "~/shared/logging/logger.server";
import { issueInvoice, enqueueOrderMails } from "~/features/shopper-orders/index.server";

export type ConfirmDeps = {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  config: Pick<Config, "publicUrl" | "shopEmail" | "authSecret">;
};

/**
 * paid: the order is paid (by this call or an earlier one). pending: the provider has no payment
 * yet (open session, iDEAL still processing). expired/cancelled: this session will never pay.
 * mismatch: the provider's session does not match the order (amount or order id): not marked paid.
 */
export type ConfirmOutcome = "paid" | "pending" | "expired" | "cancelled" | "mismatch";

export type ConfirmResult = { orderId: string; outcome: ConfirmOutcome; newlyPaid: boolean };

/** The provider could not be asked (network, outage): the shopper sees "Could not verify payment". */
export class PaymentVerificationError extends Error {
  constructor(cause: unknown) {
    super("the payment provider could not be reached to verify a session", { cause });
    this.name = "PaymentVerificationError";
  }
}

type OrderRef = { id: string; paymentStatus: string; status: string; totalAmountCents: number };

async function askProvider(payments: PaymentProvider, sessionId: string): Promise<SessionState | null> {
  try {
    return await payments.retrieveSession(sessionId);
  } catch (error) {
    throw new PaymentVerificationError(error);
  }
}

const orderColumns = {
  id: orders.id,
  paymentStatus: orders.paymentStatus,
  status: orders.status,
  totalAmountCents: orders.totalAmountCents,
};

async function orderBySession(db: Db, sessionId: string): Promise<OrderRef | null> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
  return row ?? null;
}

/**
 * When the place-order step died after the provider made the session but before the order recorded
 * it, the provider's metadata names the order: the session is attached now, to an order without one.
 */
async function attachSession(db: Db, sessionId: string, state: SessionState, logger: Logger) {
  if (!state.orderId || !/^[0-9a-f-]{36}$/i.test(state.orderId)) return null;
  const [attached] = await db
    .update(orders)
    .set({ paymentSessionId: sessionId })
    .where(and(eq(orders.id, state.orderId), isNull(orders.paymentSessionId)))
    .returning(orderColumns);
  if (attached) logger.warn({ orderId: attached.id, sessionId }, "payment session attached to its order afterwards");
  else
    logger.error(
      { orderId: state.orderId, sessionId },
      "payment session names an order that is missing or has another session",
    );
  return attached ?? null;
}

/**
 * Confirms a payment from the provider's own answer, never from anything the browser says. Called
 * by the webhook, the success page and the local payment page, possibly all at once: the one
 * conditional UPDATE decides which call marks the order paid, and only that call decrements stock,
 * counts the coupon use, queues the mails and the supplier order, all in the same transaction. Null for a session the
 * shop does not know.
 */
export async function confirmPayment(deps: ConfirmDeps, sessionId: string): Promise<ConfirmResult | null> {
  const { db, logger } = deps;
  if (!sessionId || sessionId.length > 255) return null;
  const known = await orderBySession(db, sessionId);
  // Webhook retries and reloads of the success page end here without asking the provider.
  if (known?.paymentStatus === "paid") return { orderId: known.id, outcome: "paid", newlyPaid: false };

  const state = await askProvider(deps.payments, sessionId);
  if (!state) {
    if (known)
      logger.error({ orderId: known.id, sessionId }, "the payment provider does not know this order's session");
    return null;
  }
  const order = known ?? (await attachSession(db, sessionId, state, logger));
  if (!order) return null;
  if (state.orderId && state.orderId !== order.id) {
    logger.error(
      { orderId: order.id, sessionOrderId: state.orderId, sessionId },
      "payment session is for another order",
    );
    return { orderId: order.id, outcome: "mismatch", newlyPaid: false };
  }
  if (order.paymentStatus === "paid") return { orderId: order.id, outcome: "paid", newlyPaid: false };
  if (!state.paid) {
    const outcome = state.status === "expired" ? "expired" : order.status === "cancelled" ? "cancelled" : "pending";
    return { orderId: order.id, outcome, newlyPaid: false };
  }
  if (state.amountTotalCents !== order.totalAmountCents) {
    logger.error(
      { orderId: order.id, sessionId, paidCents: state.amountTotalCents, orderCents: order.totalAmountCents },
      "paid amount differs from the order total; the order is NOT marked paid",
    );
    return { orderId: order.id, outcome: "mismatch", newlyPaid: false };
  }

  const newlyPaid = await db.transaction(async (tx) => {
    const flipped = rowsOf<{ id: string; coupon_id: string | null }>(
      await tx.execute(sql`
        UPDATE orders SET payment_status = 'paid', paid_at = now(), status = 'processing'
        WHERE payment_session_id = ${sessionId} AND payment_status = 'unpaid'
        RETURNING id, coupon_id`),
    )[0];
    // Another confirmation got there first: it did (or is doing) the rest.
    if (!flipped) return false;
    await takeStock(tx, flipped.id, logger);
    if (flipped.coupon_id && !(await countCouponUse(tx, flipped.coupon_id))) {
      logger.warn(
        { orderId: flipped.id, couponId: flipped.coupon_id },
        "coupon use not counted (limit reached or coupon inactive); the paid order stands",
      );
    }
    // The invoice number is taken in this transaction: a confirmation that rolls back leaves no gap.
    await issueInvoice(tx, flipped.id);
    await enqueueOrderMails(tx, deps, flipped.id);
    // With the payment, in its transaction: every paid order reaches the supplier once (issue 8).
    await enqueueDropshipment(tx, flipped.id);
    return true;
  });
  if (newlyPaid) logger.info({ orderId: order.id, provider: deps.payments.name }, "order paid");
  return { orderId: order.id, outcome: "paid", newlyPaid };
}

/**
 * Takes the sold quantities out of stock, never below 0 (the supplier feed may already have
 * lowered it; a shortfall is logged for the shop to act on). Unknown stock stays unknown. Rows are
 * locked in ArtNo order so two confirmations sharing products cannot deadlock.
 */
async function takeStock(tx: DbExecutor, orderId: string, logger: Logger): Promise<void> {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const perArtNo = new Map<number, number>();
  for (const line of lines) {
    const artNo = Number(line.productId);
    if (!Number.isSafeInteger(artNo)) continue;
    perArtNo.set(artNo, (perArtNo.get(artNo) ?? 0) + line.quantity);
  }
  for (const [artNo, quantity] of [...perArtNo].sort((a, b) => a[0] - b[0])) {
    const [row] = rowsOf<{ before: number }>(
      await tx.execute(sql`
        WITH old AS (SELECT art_no, quantity FROM stock WHERE art_no = ${artNo} AND quantity IS NOT NULL FOR UPDATE)
        UPDATE stock s SET quantity = greatest(old.quantity - ${quantity}::int, 0), updated_at = now()
        FROM old WHERE s.art_no = old.art_no
        RETURNING old.quantity AS before`),
    );
    if (row && row.before < quantity) {
      logger.warn(
        { orderId, artNo, inStock: row.before, sold: quantity },
        "sold more than the stock held; stock set to 0",
      );
    }
  }
}

/**
 * A session that will never be paid (expired, or its iDEAL payment failed): the order stays unpaid
 * and becomes 'cancelled', so it no longer holds a coupon use and reads as such in the admin. Only
 * after the provider confirms it, and never for an order that is paid.
 */
export async function closeUnpaidOrder(deps: ConfirmDeps, sessionId: string): Promise<boolean> {
  const state = await askProvider(deps.payments, sessionId);
  if (!state || state.paid) return false;
  if (state.status === "open") return false;
  const closed = await deps.db
    .update(orders)
    .set({ status: "cancelled" })
    .where(
      and(eq(orders.paymentSessionId, sessionId), eq(orders.paymentStatus, "unpaid"), eq(orders.status, "pending")),
    )
    .returning({ id: orders.id });
  if (closed[0])
    deps.logger.info({ orderId: closed[0].id, sessionId }, "unpaid order cancelled: payment session ended");
  return closed.length > 0;
}
