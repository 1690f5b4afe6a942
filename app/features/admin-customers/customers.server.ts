import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  customers,
  customerSummaries,
  orderRefunds,
  orders,
  orderWithdrawalItems,
  orderWithdrawals,
  shippingAddresses,
  users,
  type UserRole,
} from "~/db/schema";
import { escapeLike } from "~/features/search/index.server";
import { postcodePrefix, type AdminCustomersQuery } from "./customers-query";

/** Customers a page of the Customers tab shows. */
export const CUSTOMERS_PAGE_SIZE = 25;
/** A customer page lists this many of their newest orders (and says how many there are in all). */
export const CUSTOMER_ORDERS_SHOWN = 100;

export type CustomerListRow = {
  /** The summary row's id: the customer page's address. */
  id: string;
  email: string;
  name: string;
  hasAccount: boolean;
  /** Paid orders (refunded ones included: they were paid). */
  ordersCount: number;
  /** Paid minus paid back, in cents. */
  spentCents: number;
  /** The newest paid order's date, or null. */
  lastOrderAt: Date | null;
};

export type CustomerPage = {
  customers: CustomerListRow[];
  /** Cursors for the neighbouring pages, or null at either end. */
  newer: string | null;
  older: string | null;
};

const s = customerSummaries;
/** The list's order, exactly as customer_summaries_recent_idx is defined, so the index serves it. */
const sortKey = sql`coalesce(${s.lastOrderAt}, '-infinity'::timestamptz)`;

/**
 * What the search matches, as separate conditions, each with its own index: a part of the e-mail
 * address or the name (the trigram indexes on customer_summaries), and, when the term can start a
 * Dutch postcode, every customer with a shipping address there (shipping_addresses_postal_code_idx,
 * then the customer records' addresses). One OR over all of them leaves the planner no good plan.
 */
function searchConditions(q: string): SQL[] {
  if (!q) return [];
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const conditions = [sql`(${s.emailKey} like ${pattern} or lower(${s.name}) like ${pattern})`];
  const postcode = postcodePrefix(q);
  if (postcode) {
    conditions.push(sql`${s.emailKey} in (
      select lower(c.email) from ${shippingAddresses} a join ${customers} c on c.id = a.customer_id
      where a.postal_code like ${`${escapeLike(postcode)}%`})`);
  }
  return conditions;
}

/**
 * A search matching fewer customers than this reads them all (through the trigram and postcode
 * indexes) and sorts them; a broader one walks the list's order and stops at a page. Walking the
 * order for a rare term would read every row of the index to find its one match; sorting the
 * matches of a common term ("gmail") would read a fifth of all customers.
 */
const SORT_MATCHES_BELOW = 2000;

/**
 * Which rows a search can show: the ids of all matches when they are few, else the conditions
 * themselves (checked row by row while walking the list's order).
 */
async function searchRows(db: Db, q: string): Promise<SQL | undefined> {
  const conditions = searchConditions(q);
  if (conditions.length === 0) return undefined;
  const ids = new Set<string>();
  for (const condition of conditions) {
    const matches = await db.select({ id: s.id }).from(s).where(condition).limit(SORT_MATCHES_BELOW);
    if (matches.length >= SORT_MATCHES_BELOW) return or(...conditions);
    for (const match of matches) ids.add(match.id);
  }
  if (ids.size === 0) return sql`false`;
  return inArray(s.id, [...ids]);
}

/**
 * One page of customers, the most recent buyers first (customers without a paid order last), with
 * their counts as the triggers keep them. Keyset paging on (last order, id): page 4 000 costs what
 * page 1 costs; the cursor is a row id whose sort key the database reads itself.
 */
export async function listCustomers(db: Db, query: AdminCustomersQuery): Promise<CustomerPage> {
  const cursorId = query.after ?? query.before;
  const cursor = cursorId ? sql`(select ${sortKey}, ${s.id} from ${s} where ${s.id} = ${cursorId}::uuid)` : undefined;
  const backwards = query.before !== null && cursor !== undefined;
  const search = await searchRows(db, query.q);
  const where = and(
    search,
    cursor ? (backwards ? sql`(${sortKey}, ${s.id}) > ${cursor}` : sql`(${sortKey}, ${s.id}) < ${cursor}`) : undefined,
  );
  const direction = backwards ? sql.raw("asc") : sql.raw("desc");
  const rows = await db
    .select({
      id: s.id,
      email: s.email,
      name: s.name,
      userId: s.userId,
      ordersCount: s.ordersCount,
      spentCents: s.spentCents,
      lastOrderAt: s.lastOrderAt,
    })
    .from(s)
    .where(where)
    .orderBy(sql`${sortKey} ${direction}`, sql`${s.id} ${direction}`)
    .limit(CUSTOMERS_PAGE_SIZE + 1);

  const more = rows.length > CUSTOMERS_PAGE_SIZE;
  const page = rows.slice(0, CUSTOMERS_PAGE_SIZE);
  if (backwards) page.reverse();
  if (cursor && page.length === 0) {
    // The cursor's customer is gone or names nothing on this side: start again from the top.
    return listCustomers(db, { ...query, after: null, before: null });
  }
  const list = page.map(({ userId, lastOrderAt, spentCents, ...row }) => ({
    ...row,
    spentCents: Number(spentCents),
    hasAccount: userId !== null,
    lastOrderAt: lastOrderAt ? new Date(lastOrderAt) : null,
  }));
  const first = list[0]?.id ?? null;
  const last = list.at(-1)?.id ?? null;
  return {
    customers: list,
    newer: backwards ? (more ? first : null) : cursor ? first : null,
    older: backwards ? last : more ? last : null,
  };
}

export type CustomerOrderRow = {
  id: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  totalCents: number;
  refundedCents: number;
  /** Placed in an account (the customer record belongs to one) or as a guest. */
  asGuest: boolean;
};

export type CustomerAddress = {
  address: string;
  houseNumber: string;
  houseNumberAddition: string | null;
  postalCode: string;
  city: string;
  country: string;
  isDefault: boolean;
  lastUsedAt: Date;
};

export type CustomerWithdrawal = {
  id: string;
  orderId: string;
  createdAt: Date;
  refundDueAt: Date;
  channel: string;
  itemCount: number;
  reason: string | null;
};

export type CustomerRefund = {
  id: string;
  orderId: string;
  createdAt: Date;
  amountCents: number;
  status: string;
  createdByEmail: string;
};

export type CustomerDetails = CustomerListRow & {
  account: { id: string; role: UserRole; isActive: boolean; createdAt: Date } | null;
  /** Every order of this address, paid or not. */
  orderTotal: number;
  orders: CustomerOrderRow[];
  addresses: CustomerAddress[];
  withdrawals: CustomerWithdrawal[];
  refunds: CustomerRefund[];
};

/**
 * One customer: their summary, account, orders (newest first, the first 100), the addresses they
 * shipped to, their withdrawals and refunds; every customer record with the address counts, whatever
 * its case and whether it was a guest's. Null when there is no such customer.
 */
export async function getCustomerDetails(db: Db, id: string): Promise<CustomerDetails | null> {
  const [summary] = await db.select().from(s).where(eq(s.id, id)).limit(1);
  if (!summary) return null;
  // Written as customers_email_lower_idx is defined, so each part starts from that index.
  const ofCustomer = sql`lower(${customers.email}) = ${summary.emailKey}`;

  const [account] = summary.userId
    ? await db
        .select({ id: users.id, role: users.role, isActive: users.isActive, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, summary.userId))
        .limit(1)
    : [];

  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(ofCustomer);

  const orderRows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalAmountCents,
      refundedCents: orders.refundedCents,
      userId: customers.userId,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(ofCustomer)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CUSTOMER_ORDERS_SHOWN);

  // One line per front door (postcode, number, addition), the most recently used version of it.
  const addressRows = await db
    .selectDistinctOn(
      [
        shippingAddresses.postalCode,
        shippingAddresses.houseNumber,
        sql`coalesce(${shippingAddresses.houseNumberAddition}, '')`,
      ],
      {
        address: shippingAddresses.address,
        houseNumber: shippingAddresses.houseNumber,
        houseNumberAddition: shippingAddresses.houseNumberAddition,
        postalCode: shippingAddresses.postalCode,
        city: shippingAddresses.city,
        country: shippingAddresses.country,
        isDefault: sql<boolean>`bool_or(${shippingAddresses.isDefault}) over (partition by ${shippingAddresses.postalCode}, ${shippingAddresses.houseNumber}, coalesce(${shippingAddresses.houseNumberAddition}, ''))`,
        lastUsedAt: shippingAddresses.updatedAt,
      },
    )
    .from(shippingAddresses)
    .innerJoin(customers, eq(customers.id, shippingAddresses.customerId))
    .where(ofCustomer)
    .orderBy(
      shippingAddresses.postalCode,
      shippingAddresses.houseNumber,
      sql`coalesce(${shippingAddresses.houseNumberAddition}, '')`,
      desc(shippingAddresses.updatedAt),
    );

  const withdrawalRows = await db
    .select({
      id: orderWithdrawals.id,
      orderId: orderWithdrawals.orderId,
      createdAt: orderWithdrawals.createdAt,
      refundDueAt: orderWithdrawals.refundDueAt,
      channel: orderWithdrawals.channel,
      reason: orderWithdrawals.reason,
      itemCount: sql<number>`(select coalesce(sum(wi.quantity), 0)::int from ${orderWithdrawalItems} wi
                              where wi.withdrawal_id = ${orderWithdrawals.id})`,
    })
    .from(orderWithdrawals)
    .innerJoin(orders, eq(orders.id, orderWithdrawals.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(ofCustomer)
    .orderBy(desc(orderWithdrawals.createdAt));

  const refundRows = await db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      createdAt: orderRefunds.createdAt,
      amountCents: orderRefunds.amountCents,
      status: orderRefunds.status,
      createdByEmail: orderRefunds.createdByEmail,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(ofCustomer)
    .orderBy(desc(orderRefunds.createdAt));

  return {
    id: summary.id,
    email: summary.email,
    name: summary.name,
    hasAccount: summary.userId !== null,
    ordersCount: summary.ordersCount,
    spentCents: Number(summary.spentCents),
    lastOrderAt: summary.lastOrderAt ? new Date(summary.lastOrderAt) : null,
    account: account
      ? {
          id: account.id,
          role: account.role === "admin" ? "admin" : "customer",
          isActive: account.isActive,
          createdAt: new Date(account.createdAt),
        }
      : null,
    orderTotal: counted?.n ?? 0,
    orders: orderRows.map(({ userId, ...row }) => ({ ...row, createdAt: new Date(row.createdAt), asGuest: !userId })),
    addresses: addressRows
      .map((row) => ({ ...row, lastUsedAt: new Date(row.lastUsedAt) }))
      .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime()),
    withdrawals: withdrawalRows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt),
      refundDueAt: new Date(row.refundDueAt),
    })),
    refunds: refundRows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
  };
}
