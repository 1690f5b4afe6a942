import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { customers, orderItems, orderRefunds, orders, stock, type RefundLine } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { enqueueMail } from "~/features/mail/index.server";
import { refundMail } from "~/features/mail-templates/index.server";
import type { PaymentProvider } from "~/features/payments";
import { planRefund, type RefundPlanError } from "./refund-allocation";
import { formatEuro } from "~/shared/money/money";
import { issueCreditInvoice } from "~/features/shopper-orders/index.server";

/**
 * Refunds (issue 11): an admin pays a paid order back, fully or in part (items and shipping),
 * through the provider that took the money. Amounts are the server's: what was paid for each line
 * after its share of the discount (refund-allocation.ts, issue 28) and the order's shipping. The row is written
 * under its idempotency key before the provider is asked, so a double click refunds once.
 */
export type RefundRequest = {
  orderId: string;
  lines: { orderItemId: number; quantity: number }[];
  shipping: boolean;
  restock: boolean;
  /** One per rendered form (a fresh UUID): the same form sent twice is the same refund. */
  idempotencyKey: string;
  /** The amount the admin saw and confirmed ("€ 396,90 terugbetalen?"); the refund is made only if it still is. */
  confirmedAmountCents: number;
};

const PLAN_REFUSED: Record<RefundPlanError, { status: 400 | 409; message: string }> = {
  "too-many-pieces": { status: 400, message: "More pieces than are left to refund." },
  "shipping-refunded": { status: 409, message: "Shipping was refunded already." },
  "nothing-to-refund": { status: 409, message: "Nothing is left to refund on this order." },
};

export type RefundOutcome =
  | { ok: true; refundId: string; amountCents: number; full: boolean; repeated: boolean }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

export type RefundView = {
  id: string;
  amountCents: number;
  shippingCents: number;
  lines: RefundLine[];
  restock: boolean;
  status: string;
  error: string | null;
  createdByEmail: string;
  createdAt: Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listRefunds(db: DbExecutor, orderId: string): Promise<RefundView[]> {
  return db
    .select({
      id: orderRefunds.id,
      amountCents: orderRefunds.amountCents,
      shippingCents: orderRefunds.shippingCents,
      lines: orderRefunds.lines,
      restock: orderRefunds.restock,
      status: orderRefunds.status,
      error: orderRefunds.error,
      createdByEmail: orderRefunds.createdByEmail,
      createdAt: orderRefunds.createdAt,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(desc(orderRefunds.createdAt));
}

export async function refundOrder(
  db: Db,
  payments: PaymentProvider,
  actor: AdminActor,
  request: RefundRequest,
): Promise<RefundOutcome> {
  if (!UUID.test(request.orderId)) return { ok: false, status: 404, message: "Order not found." };
  if (!UUID.test(request.idempotencyKey)) return { ok: false, status: 400, message: "Reload the order and try again." };

  const repeated = async (): Promise<RefundOutcome | null> => {
    const [earlier] = await db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.idempotencyKey, request.idempotencyKey));
    if (!earlier) return null;
    if (earlier.orderId !== request.orderId)
      return { ok: false, status: 409, message: "Reload the order and try again." };
    if (earlier.status === "succeeded")
      return { ok: true, refundId: earlier.id, amountCents: earlier.amountCents, full: false, repeated: true };
    if (earlier.status === "pending") return { ok: false, status: 409, message: "This refund is already being made." };
    return { ok: false, status: 502, message: `The refund failed: ${earlier.error ?? "unknown error"}` };
  };
  const earlier = await repeated();
  if (earlier) return earlier;

  // 1. Check and reserve, under the order's row lock.
  const reserved = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
    if (!order) return { ok: false as const, status: 404 as const, message: "Order not found." };
    // The other click of a double click got the lock first: answer as that refund stands.
    const [sameForm] = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(eq(orderRefunds.idempotencyKey, request.idempotencyKey));
    if (sameForm) return null;
    if (order.paymentStatus !== "paid" || !order.paymentSessionId || !order.paymentProvider)
      return { ok: false as const, status: 409 as const, message: "Only a paid order can be refunded." };
    if (order.paymentProvider !== payments.name)
      return {
        ok: false as const,
        status: 409 as const,
        message: `This order was paid through ${order.paymentProvider}; the shop now uses ${payments.name}. Refund it in that provider's dashboard.`,
      };
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const earlierRefunds = (await listRefunds(tx, order.id)).filter((r) => r.status !== "failed");
    const planned = planRefund(
      {
        items: items.map((i) => ({
          id: i.id,
          quantity: i.quantity,
          unitCents: i.productPriceCents,
          vatRate: i.vatRate,
        })),
        discountCents: order.discountCents,
        shippingCents: order.shippingCents,
      },
      earlierRefunds.map((r) => ({ lines: r.lines, shipping: r.shippingCents > 0 })),
      { lines: request.lines, shipping: request.shipping },
    );
    if (!planned.ok) return { ok: false as const, ...PLAN_REFUSED[planned.error] };
    const { lines, shippingCents, amountCents, vatLines } = planned.plan;
    const refundedCents = earlierRefunds.reduce((sum, r) => sum + r.amountCents, 0);
    // Only refunds made before the allocation (migration 0050) paid lines back at full price, so
    // only they can leave less than a planned refund: never pay back more than was paid.
    if (amountCents > order.totalAmountCents - refundedCents)
      return {
        ok: false as const,
        status: 409 as const,
        message: `Only ${formatEuro(order.totalAmountCents - refundedCents)} is left to refund on this order; refund it in the provider's dashboard.`,
      };
    // No money moves on one click: the form showed an amount and the admin confirmed it. A form
    // drawn before another refund, or tampered with, shows a different amount than is paid now.
    if (request.confirmedAmountCents !== amountCents)
      return {
        ok: false as const,
        status: 409 as const,
        message: `The refund comes to ${formatEuro(amountCents)}, not the amount you confirmed. Check the amount and confirm again.`,
      };
    const inserted = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amountCents,
        shippingCents,
        lines,
        vatLines,
        restock: request.restock,
        provider: order.paymentProvider,
        idempotencyKey: request.idempotencyKey,
        createdBy: actor.id,
        createdByEmail: actor.email,
      })
      .onConflictDoNothing({ target: orderRefunds.idempotencyKey })
      .returning({ id: orderRefunds.id });
    if (!inserted.length) return null;
    return {
      ok: true as const,
      refundId: inserted[0]!.id,
      amountCents,
      lines,
      sessionId: order.paymentSessionId,
      full: refundedCents + amountCents >= order.totalAmountCents,
      before: { paymentStatus: order.paymentStatus, refundedCents },
    };
  });
  if (reserved === null) return (await repeated())!;
  if (!reserved.ok) return reserved;

  // 2. The provider, outside any transaction (a network call never holds the order's lock).
  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await payments.refund({
      sessionId: reserved.sessionId,
      orderId: request.orderId,
      amountCents: reserved.amountCents,
      idempotencyKey: request.idempotencyKey,
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 300) : "unknown error";
    await db
      .update(orderRefunds)
      .set({ status: "failed", error: message })
      .where(eq(orderRefunds.id, reserved.refundId));
    return { ok: false, status: 502, message: `The payment provider refused the refund: ${message}` };
  }

  // 3. Record the outcome: the refund, the order's payment status, stock, the change and the mail.
  await db.transaction(async (tx) => {
    // Locks in the reservation's order (the order, then its refund): a second click reserving under
    // the order's lock while this transaction held the refund row would deadlock.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, request.orderId)).for("update");
    await tx
      .update(orderRefunds)
      .set({ status: "succeeded", providerRefundId })
      .where(eq(orderRefunds.id, reserved.refundId));
    await tx
      .update(orders)
      .set({
        refundedCents: sql`${orders.refundedCents} + ${reserved.amountCents}`,
        ...(reserved.full ? { paymentStatus: "refunded" as const } : {}),
      })
      .where(eq(orders.id, request.orderId));
    await issueCreditInvoice(tx, request.orderId, reserved.refundId);
    if (request.restock && reserved.lines.length) {
      const items = await tx
        .select({ id: orderItems.id, productId: orderItems.productId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.id,
            reserved.lines.map((l) => l.orderItemId),
          ),
        );
      for (const line of reserved.lines) {
        const artNo = Number(items.find((i) => i.id === line.orderItemId)?.productId);
        if (!Number.isSafeInteger(artNo)) continue;
        await tx
          .update(stock)
          .set({ quantity: sql`coalesce(${stock.quantity}, 0) + ${line.quantity}`, updatedAt: sql`now()` })
          .where(eq(stock.artNo, artNo));
      }
    }
    await recordAdminChange(tx, actor, {
      entityType: "order",
      entityId: request.orderId,
      action: "refund",
      before: reserved.before,
      after: {
        paymentStatus: reserved.full ? "refunded" : reserved.before.paymentStatus,
        refundedCents: reserved.before.refundedCents + reserved.amountCents,
        refund: { amountCents: reserved.amountCents, restock: request.restock, providerRefundId },
      },
    });
    const [customer] = await tx
      .select({ email: customers.email, firstName: customers.firstName })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.id, request.orderId)));
    if (customer?.email)
      await enqueueMail(tx, {
        kind: "order-refund",
        to: customer.email,
        orderId: request.orderId,
        ...refundMail({
          orderId: request.orderId,
          firstName: customer.firstName,
          amountCents: reserved.amountCents,
          full: reserved.full,
        }),
      });
  });
  return {
    ok: true,
    refundId: reserved.refundId,
    amountCents: reserved.amountCents,
    full: reserved.full,
    repeated: false,
  };
}
