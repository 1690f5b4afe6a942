import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import { rowsOf } from "~/db/rows.server";
import type { AdminOrdersQuery } from "~/features/orders";
import { openWithdrawals } from "./open-withdrawals.server";
import { walkOrders } from "./order-walk.server";

/** Orders a page of All Orders shows (issue 8: 20–50). */
export const ADMIN_ORDERS_PAGE_SIZE = 25;

export type AdminOrderRow = {
  id: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  status: string;
  paymentStatus: string;
  /** Paid back so far: with payment "paid" and more than 0, "Deels terugbetaald € X". */
  refundedCents: number;
  dropshipmentStatus: string;
  totalCents: number;
  /** The refund deadline of the order's open withdrawal, or null when none is open. */
  withdrawalDueAt: Date | null;
};

export type AdminOrderPage = {
  orders: AdminOrderRow[];
  /** Cursors for the neighbouring pages, or null at either end. */
  newer: string | null;
  older: string | null;
};

/**
 * One page of All Orders in the chosen sort (newest first by default), filtered and searched. Keyset
 * paging on (sort key, id): "older" is the next page in the list's order, "newer" the one before.
 */
export async function listAdminOrders(db: Db, query: AdminOrdersQuery): Promise<AdminOrderPage> {
  const limit = ADMIN_ORDERS_PAGE_SIZE + 1;
  const walk = await walkOrders(db, query, query, limit);
  if (walk.where === null) return { orders: [], newer: null, older: null };
  const cursor = query.after ?? query.before;

  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      customerEmail: customers.email,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      refundedCents: orders.refundedCents,
      dropshipmentStatus: orders.dropshipmentStatus,
      totalCents: orders.totalAmountCents,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(walk.where)
    .orderBy(...walk.orderBy)
    .limit(limit);

  const more = rows.length > ADMIN_ORDERS_PAGE_SIZE;
  const page = rows.slice(0, ADMIN_ORDERS_PAGE_SIZE);
  if (walk.backwards) page.reverse();
  if (cursor && page.length === 0) {
    // The cursor's order is gone or names nothing on this side: start again from the first page.
    return listAdminOrders(db, { ...query, after: null, before: null });
  }
  const due = await withdrawalDeadlines(
    db,
    page.map((row) => row.id),
  );
  const list = page.map(({ firstName, lastName, ...row }) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    customerName: `${firstName} ${lastName}`.trim(),
    withdrawalDueAt: due.get(row.id) ?? null,
  }));
  const first = list[0]?.id ?? null;
  const last = list.at(-1)?.id ?? null;
  return {
    orders: list,
    newer: walk.backwards ? (more ? first : null) : cursor ? first : null,
    older: walk.backwards ? last : more ? last : null,
  };
}

/** The refund deadline of each of these orders that has an open withdrawal. */
export async function withdrawalDeadlines(db: Db, orderIds: readonly string[]): Promise<Map<string, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = rowsOf<{ order_id: string; refund_due_at: Date | string }>(
    await db.execute(sql`${openWithdrawals(orderIds)}`),
  );
  return new Map(rows.map((row) => [row.order_id, new Date(row.refund_due_at)]));
}
