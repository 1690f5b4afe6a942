import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import { customers, orderItems, orders, orderWithdrawalItems, orderWithdrawals } from "~/db/schema";
import type { Viewer } from "~/features/accounts";
import { enqueueMail } from "~/features/mail/index.server";
import {
  withdrawalConfirmationMail,
  withdrawalNotificationMail,
  type WithdrawnMailData,
} from "~/features/mail-templates/index.server";
import {
  parseWithdrawalChoice,
  refundDueDate,
  remainingOf,
  WITHDRAWAL_TEXT,
  withdrawalWindow,
  type WithdrawableItem,
  type WithdrawalWindow,
  WITHDRAWAL_REFUSAL,
} from "./withdrawal";

/** Whether the viewer's address placed this order (case-insensitive, as orders reach an account). */
export async function isViewersOrder(db: Db, viewer: Pick<Viewer, "email">, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), sql`lower(${customers.email}) = lower(${viewer.email})`))
    .limit(1);
  return row !== undefined;
}

export type WithdrawalRecord = {
  id: string;
  createdAt: Date;
  refundDueAt: Date;
  reason: string | null;
  channel: string;
  lines: { orderItemId: number; productId: string; productName: string; quantity: number; priceCents: number }[];
};

export type WithdrawalState = {
  orderId: string;
  createdAt: Date;
  window: WithdrawalWindow;
  items: WithdrawableItem[];
  withdrawals: WithdrawalRecord[];
};

/** An order's withdrawals, newest first, with their lines. */
export async function listWithdrawals(db: DbExecutor, orderId: string): Promise<WithdrawalRecord[]> {
  const rows = await db
    .select()
    .from(orderWithdrawals)
    .where(eq(orderWithdrawals.orderId, orderId))
    .orderBy(desc(orderWithdrawals.createdAt));
  if (!rows.length) return [];
  const lines = await db
    .select({
      withdrawalId: orderWithdrawalItems.withdrawalId,
      orderItemId: orderWithdrawalItems.orderItemId,
      quantity: orderWithdrawalItems.quantity,
      productId: orderItems.productId,
      productName: orderItems.productName,
      priceCents: orderItems.productPriceCents,
    })
    .from(orderWithdrawalItems)
    .innerJoin(orderItems, eq(orderItems.id, orderWithdrawalItems.orderItemId))
    .where(
      inArray(
        orderWithdrawalItems.withdrawalId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    refundDueAt: r.refundDueAt,
    reason: r.reason,
    channel: r.channel,
    lines: lines.filter((l) => l.withdrawalId === r.id).map(({ withdrawalId: _w, ...line }) => line),
  }));
}

/** What the withdrawal page shows for an order the caller may open (see shopper-access.http.server.ts), or null. */
export async function getWithdrawalState(
  db: DbExecutor,
  orderId: string,
  now = new Date(),
): Promise<WithdrawalState | null> {
  const [order] = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paidAt: orders.paidAt,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const [lines, withdrawals] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        productName: orderItems.productName,
        priceCents: orderItems.productPriceCents,
        ordered: orderItems.quantity,
        withdrawn: sql<number>`coalesce((SELECT sum(w.quantity) FROM order_withdrawal_items w WHERE w.order_item_id = ${orderItems.id}), 0)::int`,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    listWithdrawals(db, orderId),
  ]);
  return {
    orderId: order.id,
    createdAt: order.createdAt,
    window: withdrawalWindow(order, now),
    items: lines.map((l) => ({ ...l, withdrawn: Number(l.withdrawn) })),
    withdrawals,
  };
}

export type WithdrawResult =
  | { ok: true; withdrawalId: string; receivedAt: Date; refundDueAt: Date }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Records a withdrawal (whole order or some items) and queues, in the same transaction, the
 * shopper's confirmation and the shop's notice. The order row is locked, so two submissions at once
 * cannot withdraw the same pieces twice; the period and what is left are checked under that lock.
 */
export async function withdrawOrder(
  db: Db,
  config: Pick<Config, "publicUrl" | "shopEmail">,
  input: {
    orderId: string;
    channel: "account" | "guest";
    userId: string | null;
    form: Record<string, string | undefined>;
    now?: Date;
  },
): Promise<WithdrawResult> {
  const reason = (input.form.reason ?? "").trim();
  if (reason.length > 1000) return { ok: false, status: 400, message: WITHDRAWAL_TEXT.reasonTooLong };
  return db.transaction(async (tx): Promise<WithdrawResult> => {
    const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!locked) return { ok: false, status: 404, message: "Bestelling niet gevonden" };
    const state = (await getWithdrawalState(tx, input.orderId, input.now))!;
    if (!state.window.open)
      return {
        ok: false,
        status: 409,
        message: WITHDRAWAL_REFUSAL[state.window.reason],
      };
    if (state.items.every((i) => remainingOf(i) === 0))
      return { ok: false, status: 409, message: WITHDRAWAL_TEXT.nothingLeft };
    const choice = parseWithdrawalChoice(state.items, input.form);
    if (!choice.ok) return { ok: false, status: 400, message: choice.message };

    const receivedAt = input.now ?? new Date();
    const refundDueAt = refundDueDate(receivedAt);
    const [withdrawal] = await tx
      .insert(orderWithdrawals)
      .values({
        orderId: input.orderId,
        channel: input.channel,
        userId: input.userId,
        reason: reason || null,
        refundDueAt,
        createdAt: receivedAt,
      })
      .returning({ id: orderWithdrawals.id });
    await tx
      .insert(orderWithdrawalItems)
      .values(
        choice.lines.map((l) => ({ withdrawalId: withdrawal!.id, orderItemId: l.orderItemId, quantity: l.quantity })),
      );

    const [customer] = await tx
      .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, input.orderId));
    const products = await tx
      .select({ id: orderItems.id, productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, input.orderId));
    const byId = new Map(state.items.map((i) => [i.id, i]));
    const productOf = new Map(products.map((p) => [p.id, p.productId]));
    const whole = state.items.every(
      (i) => remainingOf(i) === (choice.lines.find((l) => l.orderItemId === i.id)?.quantity ?? 0),
    );
    const mail: WithdrawnMailData = {
      orderId: input.orderId,
      withdrawalId: withdrawal!.id,
      receivedAt,
      refundDueAt,
      reason: reason || null,
      whole,
      customer: { name: `${customer!.firstName} ${customer!.lastName}`.trim(), email: customer!.email },
      lines: choice.lines.map((l) => ({
        productId: productOf.get(l.orderItemId) ?? "",
        productName: byId.get(l.orderItemId)!.productName,
        quantity: l.quantity,
        priceCents: byId.get(l.orderItemId)!.priceCents,
      })),
    };
    await enqueueMail(tx, {
      kind: "withdrawal-confirmation",
      to: customer!.email,
      orderId: input.orderId,
      ...withdrawalConfirmationMail(mail),
    });
    await enqueueMail(tx, {
      kind: "withdrawal-notification",
      to: config.shopEmail,
      orderId: input.orderId,
      replyTo: customer!.email,
      ...withdrawalNotificationMail(mail, { publicUrl: config.publicUrl }),
    });
    return { ok: true, withdrawalId: withdrawal!.id, receivedAt, refundDueAt };
  });
}
