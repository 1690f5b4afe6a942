import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { orders } from "~/db/schema";
import { closeUnpaidOrder, type ConfirmDeps } from "~/features/orders/index.server";

/**
 * "Annuleren" on the payment page (ours or Stripe's) sends the shopper to the cancel URL. That
 * request carries no session the shop could trust (a guest has none), so the URL itself names the
 * order and proves it came from us: `/checkout/cancel?order=<id>&token=<HMAC>` (the auth secret),
 * as Stripe's cancel_url allows any URL of ours. Opening it ends the payment session at the provider
 * (so it can no longer be paid) and cancels the unpaid order, which releases its coupon hold at once.
 */

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, orderId: string): string {
  return createHmac("sha256", secret).update(`checkout-cancel:${orderId}`).digest("base64url");
}

/** The cancel URL handed to the payment provider for this order. */
export function checkoutCancelUrl(publicUrl: string, secret: string, orderId: string): string {
  return `${publicUrl}/checkout/cancel?order=${orderId}&token=${signature(secret, orderId)}`;
}

/** The order id of a cancel link this shop signed, or null. */
export function verifyCancelLink(secret: string, orderId: string | null, token: string | null): string | null {
  if (!secret || !orderId || !token || !ORDER_ID.test(orderId)) return null;
  const given = Buffer.from(token);
  const expected = Buffer.from(signature(secret, orderId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
}

/** cancelled: by this call or before; paid: the shopper paid after all; unknown: a link that opens nothing. */
export type CancelOutcome = "cancelled" | "paid" | "unknown";

/**
 * Cancels the unpaid order of a signed cancel link. Only after the provider says its session can no
 * longer be paid: a shopper who paid in another tab keeps a paid order.
 */
export async function cancelCheckout(
  deps: ConfirmDeps,
  link: { orderId: string | null; token: string | null },
): Promise<CancelOutcome> {
  const orderId = verifyCancelLink(deps.config.authSecret ?? "", link.orderId, link.token);
  if (!orderId) return "unknown";
  const [order] = await deps.db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus, sessionId: orders.paymentSessionId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return "unknown";
  if (order.paymentStatus === "paid") return "paid";
  if (order.status !== "pending") return order.status === "cancelled" ? "cancelled" : "unknown";
  if (!order.sessionId) {
    // Never sent to a payment page (the provider was down): nothing to end there.
    const closed = await deps.db
      .update(orders)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentStatus, "unpaid"),
          eq(orders.status, "pending"),
          isNull(orders.paymentSessionId),
        ),
      )
      .returning({ id: orders.id });
    return closed.length > 0 ? "cancelled" : "unknown";
  }
  const state = await deps.payments.expireSession(order.sessionId);
  if (state?.paid) return "paid";
  // A completed iDEAL payment may still be processing: its outcome, not this link, decides.
  if (state && state.status !== "expired") return "unknown";
  await closeUnpaidOrder(deps, order.sessionId);
  deps.logger.info({ orderId }, "checkout cancelled on the payment page");
  return "cancelled";
}
