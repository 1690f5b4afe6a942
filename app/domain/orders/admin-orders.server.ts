import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Config } from "~/config/env.server";
import { enqueueOrderStatusMail } from "./order-status-mail.server";
import type { Db } from "~/db/client.server";
import { customers, orderItems, orders, shippingAddresses } from "~/db/schema";
import { listAdminChanges, recordAdminChange, type AdminActor, type AdminChangeRow } from "~/domain/admin/audit.server";
import type { VatLine } from "~/domain/checkout/pricing";
import { escapeLike } from "~/domain/catalog/search-walk.server";
import { isUuid, orderIdPrefixRange, PAYMENT_STATUSES, type AdminOrdersQuery } from "./admin-orders-query";
import { orderStatusLabel, paymentStatusLabel } from "./order-labels";
import { ORDER_STATUSES, transitionProblem, type OrderStatus } from "./order-transitions";

/** Orders a page of All Orders shows (issue 8: 20–50). */
export const ADMIN_ORDERS_PAGE_SIZE = 25;

/**
 * A search that matches up to this many customers reads each one's newest orders through
 * orders_customer_created_idx and merges them: cheap however scattered their orders are in time.
 * A broader match walks the orders newest first and looks up each order's customer (primary key)
 * until a page is full: the matches are common enough that the walk ends early. (A correlated
 * subquery on purpose: as a join, PostgreSQL misjudges how many customers a LIKE matches and reads
 * every order of all of them before sorting.)
 */
const CUSTOMER_LATERAL_MAX = 200;

export type AdminOrderRow = {
  id: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
};

export type AdminOrderPage = {
  orders: AdminOrderRow[];
  /** Cursors for the neighbouring pages, or null at either end. */
  newer: string | null;
  older: string | null;
};

const nameExpression = sql`lower(${customers.firstName} || ' ' || ${customers.lastName})`;

/** Statuses whose stored value or Dutch label starts with the term ("pend", "in afw", "betaald"). */
function statusesMatching<T extends string>(
  term: string,
  values: readonly T[],
  label: (value: string) => { label: string },
): T[] {
  if (term.length < 2) return [];
  return values.filter((value) => value.startsWith(term) || label(value).label.toLowerCase().startsWith(term));
}

type SearchPlan = {
  /** Each is one branch of the search: orders matching it, a page at most, merged newest first. */
  conditions: SQL[];
  /** The few matching customers whose newest orders are read one customer at a time. */
  customerIds: string[];
};

/**
 * What the search box matches (spec 1 §2.15): the start of the order id, any part of the customer's
 * e-mail or name, the order status and the payment status. Each part is its own branch with its own
 * index — the primary key (an id prefix is a uuid range), the trigram indexes on customers, the
 * (status, created_at) indexes — because one OR over all of them leaves PostgreSQL no good plan.
 */
async function searchPlan(db: Db, q: string): Promise<SearchPlan | null> {
  const term = q.toLowerCase();
  if (!term) return null;
  const plan: SearchPlan = { conditions: [], customerIds: [] };

  const range = orderIdPrefixRange(term);
  if (range) plan.conditions.push(sql`${orders.id} between ${range.low}::uuid and ${range.high}::uuid`);

  const statuses = statusesMatching(term, ORDER_STATUSES, orderStatusLabel);
  const payments = statusesMatching(term, PAYMENT_STATUSES, paymentStatusLabel);
  if (statuses.length > 0 || payments.length > 0) {
    plan.conditions.push(
      or(
        statuses.length > 0 ? inArray(orders.status, statuses) : undefined,
        payments.length > 0 ? inArray(orders.paymentStatus, payments) : undefined,
      )!,
    );
  }

  if (term.length >= 2) {
    const pattern = `%${escapeLike(term)}%`;
    const matched = await db
      .select({ id: customers.id })
      .from(customers)
      .where(or(sql`lower(${customers.email}) like ${pattern}`, sql`${nameExpression} like ${pattern}`))
      .limit(CUSTOMER_LATERAL_MAX + 1);
    if (matched.length > CUSTOMER_LATERAL_MAX) {
      plan.conditions.push(sql`(select true from ${customers} c where c.id = ${orders.customerId}
        and (lower(c.email) like ${pattern} or lower(c.first_name || ' ' || c.last_name) like ${pattern}))`);
    } else {
      plan.customerIds = matched.map((row) => row.id);
    }
  }
  return plan;
}

const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * One page of All Orders, newest first, filtered by status and payment and the search term. Keyset
 * paging on (created_at, id), so page 4 000 costs what page 1 costs; the cursor is an order id and
 * its timestamp is read by the database itself (no precision lost on the way through JavaScript).
 */
export async function listAdminOrders(db: Db, query: AdminOrdersQuery): Promise<AdminOrderPage> {
  const plan = await searchPlan(db, query.q);
  const cursorId = query.after ?? query.before;
  const cursor = cursorId
    ? sql`(select ${orders.createdAt}, ${orders.id} from ${orders} where ${orders.id} = ${cursorId}::uuid)`
    : undefined;
  const backwards = query.before !== null && cursor !== undefined;
  const base = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.payment ? eq(orders.paymentStatus, query.payment) : undefined,
    cursor
      ? backwards
        ? sql`(${orders.createdAt}, ${orders.id}) > ${cursor}`
        : sql`(${orders.createdAt}, ${orders.id}) < ${cursor}`
      : undefined,
  );
  const direction = backwards ? sql.raw("asc") : sql.raw("desc");
  const limit = ADMIN_ORDERS_PAGE_SIZE + 1;

  let where = base;
  if (plan) {
    const branch = (condition: SQL) =>
      sql`(select ${orders.id} as id, ${orders.createdAt} as created_at from ${orders}
           where ${and(condition, base)}
           order by ${orders.createdAt} ${direction}, ${orders.id} ${direction} limit ${limit})`;
    const branches = plan.conditions.map(branch);
    if (plan.customerIds.length > 0) {
      branches.push(sql`(select x.id, x.created_at
        from unnest(${uuidArray(plan.customerIds)}) as m(customer_id)
        cross join lateral ${branch(sql`${orders.customerId} = m.customer_id`)} x)`);
    }
    if (branches.length === 0) return { orders: [], newer: null, older: null };
    where = sql`${orders.id} in (
      select u.id from (${sql.join(branches, sql` union `)}) u
      order by u.created_at ${direction}, u.id ${direction} limit ${limit})`;
  }

  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      customerEmail: customers.email,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalAmountCents,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(...(backwards ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
    .limit(limit);

  const more = rows.length > ADMIN_ORDERS_PAGE_SIZE;
  const page = rows.slice(0, ADMIN_ORDERS_PAGE_SIZE);
  if (backwards) page.reverse();
  if (cursor && page.length === 0) {
    // The cursor's order is gone or names nothing on this side: start again from the newest.
    return listAdminOrders(db, { ...query, after: null, before: null });
  }
  const list = page.map(({ firstName, lastName, ...row }) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    customerName: `${firstName} ${lastName}`.trim(),
  }));
  const first = list[0]?.id ?? null;
  const last = list.at(-1)?.id ?? null;
  return {
    orders: list,
    newer: backwards ? (more ? first : null) : cursor ? first : null,
    older: backwards ? last : more ? last : null,
  };
}

export type AdminOrderDetails = {
  id: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  paymentProvider: string | null;
  paidAt: Date | null;
  dropshipmentStatus: string;
  dropshipmentReference: string | null;
  customer: { firstName: string; lastName: string; email: string; phone: string | null; isGuest: boolean } | null;
  address: {
    address: string;
    houseNumber: string;
    houseNumberAddition: string | null;
    postalCode: string;
    city: string;
    country: string;
  } | null;
  items: {
    id: number;
    productId: string;
    productName: string;
    priceCents: number;
    originalPriceCents: number | null;
    vatRate: number;
    quantity: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  totalCents: number;
  vatLines: VatLine[];
  /** The admin's changes to this order, newest first. */
  changes: AdminChangeRow[];
};

/** Everything the "Bestelling Details" dialog shows, or null for an id that names no order. */
export async function getAdminOrder(db: Db, orderId: string): Promise<AdminOrderDetails | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      order: orders,
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        userId: customers.userId,
      },
      address: {
        address: shippingAddresses.address,
        houseNumber: shippingAddresses.houseNumber,
        houseNumberAddition: shippingAddresses.houseNumberAddition,
        postalCode: shippingAddresses.postalCode,
        city: shippingAddresses.city,
        country: shippingAddresses.country,
      },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shippingAddresses, eq(shippingAddresses.id, orders.shippingAddressId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const [items, changes] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        productName: orderItems.productName,
        priceCents: orderItems.productPriceCents,
        originalPriceCents: orderItems.originalPriceCents,
        vatRate: orderItems.vatRate,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    listAdminChanges(db, { entityType: "order", entityId: orderId }),
  ]);
  const { order, customer, address } = row;
  const hasCustomer = customer && (customer.email || customer.firstName || customer.lastName);
  return {
    id: order.id,
    createdAt: new Date(order.createdAt),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentProvider: order.paymentProvider,
    paidAt: order.paidAt ? new Date(order.paidAt) : null,
    dropshipmentStatus: order.dropshipmentStatus,
    dropshipmentReference: order.dropshipmentReference,
    customer: hasCustomer
      ? {
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          isGuest: customer.userId === null,
        }
      : null,
    address,
    items,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    shippingCents: order.shippingCents,
    totalCents: order.totalAmountCents,
    vatLines: order.vatLines,
    changes,
  };
}

export type ChangeOrderStatusResult =
  | { ok: true; from: string; to: OrderStatus }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; message: string };

/**
 * The admin moves an order on (pending → processing → completed) or cancels it. The row is locked,
 * the move checked against its current status, and the change recorded with who, when, before and
 * after in the same transaction: a record exists exactly when the change does.
 */
export async function changeOrderStatus(
  db: Db,
  actor: AdminActor,
  { orderId, to, trackingUrl = null }: { orderId: string; to: OrderStatus; trackingUrl?: string | null },
  config: Pick<Config, "publicUrl" | "authSecret">,
): Promise<ChangeOrderStatusResult> {
  if (!isUuid(orderId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<ChangeOrderStatusResult> => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) return { ok: false, reason: "not-found" };
    const problem = transitionProblem(order.status, to);
    if (problem) return { ok: false, reason: "invalid", message: problem };
    await tx
      .update(orders)
      .set({
        status: to,
        ...(to === "completed" ? { completedAt: sql`now()` } : {}),
        ...(to === "shipped" ? { trackingUrl } : {}),
      })
      .where(eq(orders.id, orderId));
    await recordAdminChange(tx, actor, {
      entityType: "order",
      entityId: orderId,
      action: "status",
      before: { status: order.status },
      after: to === "shipped" && trackingUrl ? { status: to, trackingUrl } : { status: to },
    });
    // The shopper hears of it once: the mail is queued with the change, or not at all.
    await enqueueOrderStatusMail(tx, config, orderId, to, trackingUrl);
    return { ok: true, from: order.status, to };
  });
}
