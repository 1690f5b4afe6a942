import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { orders } from "~/db/schema";
import { closeUnpaidOrder, confirmPayment, type ConfirmDeps } from "./confirm-payment.server";

/** The recurring job that asks the provider about payments nobody came back for. */
export const RECONCILE_QUEUE = "reconcile-payments";

declare module "~/shared/jobs/queue.server" {
  interface JobPayloads {
    "reconcile-payments": Record<string, never>;
  }
}
export const RECONCILE_EVERY_MS = 5 * 60_000;

/** Sessions of orders placed this long ago at most are asked about (a session lives 30 minutes). */
const LOOKBACK = sql`interval '24 hours'`;
/** Sessions asked about per run: the oldest first, the rest in the next run. */
const BATCH = 200;

export type ReconcileSummary = { checked: number; paid: number; closed: number; failed: number };

/**
 * A paid session whose confirmation was lost (the shopper closed the tab, the server crashed between
 * payment and redirect, a webhook never came) is confirmed here through the same single
 * confirmation as the webhook and the success page; a session that ended unpaid closes its order and
 * so releases its coupon hold. Each session is handled on its own: one provider error skips one order.
 */
export async function reconcileOpenPayments(deps: ConfirmDeps): Promise<ReconcileSummary> {
  const open = await deps.db
    .select({ id: orders.id, sessionId: orders.paymentSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, "unpaid"),
        eq(orders.status, "pending"),
        isNotNull(orders.paymentSessionId),
        gt(orders.createdAt, sql`now() - ${LOOKBACK}`),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  const summary: ReconcileSummary = { checked: 0, paid: 0, closed: 0, failed: 0 };
  for (const order of open) {
    summary.checked++;
    try {
      const result = await confirmPayment(deps, order.sessionId!);
      if (result?.newlyPaid) {
        summary.paid++;
        deps.logger.warn({ orderId: order.id }, "paid order confirmed by reconciliation (nobody came back)");
      } else if (result?.outcome === "expired" || result?.outcome === "cancelled") {
        if (await closeUnpaidOrder(deps, order.sessionId!)) summary.closed++;
      }
    } catch (error) {
      summary.failed++;
      deps.logger.error({ err: error, orderId: order.id }, "payment reconciliation failed for one order");
    }
  }
  return summary;
}
