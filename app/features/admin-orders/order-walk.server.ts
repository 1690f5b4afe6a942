import { and, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import { escapeLike } from "~/features/search/index.server";
import {
  orderIdPrefixRange,
  PAYMENT_STATUSES,
  type AdminOrdersFilters,
  type AdminOrdersSort,
  ORDER_STATUSES,
} from "~/features/orders";
import { orderStatusLabel, paymentStatusLabel } from "~/features/shopper-orders/status";
import { openWithdrawals } from "./open-withdrawals.server";

/**
 * How All Orders and its CSV export walk the orders: the filters as conditions, the search as
 * branches with an index each, and keyset paging on (sort key, id) in either direction, so page
 * 4 000 and the CSV's last batch cost what the first does.
 */

/**
 * A search that matches up to this many customers reads each one's newest orders through
 * orders_customer_created_idx and merges them: cheap however scattered their orders are in time.
 * A broader match walks the orders in the list's order and looks up each order's customer (primary
 * key) until a page is full: the matches are common enough that the walk ends early. (A correlated
 * subquery on purpose: as a join, PostgreSQL misjudges how many customers a LIKE matches and reads
 * every order of all of them before sorting.)
 */
const CUSTOMER_LATERAL_MAX = 200;

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
  /** Each is one branch of the search: orders matching it, a page at most, merged in the list's order. */
  conditions: SQL[];
  /** The few matching customers whose orders are read one customer at a time. */
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
 * The filters as one condition. Days are Amsterdam days: the database turns "2026-12-01" into that
 * day's midnight in Europe/Amsterdam (winter or summer time), and "to" includes its whole day.
 */
export function filterCondition(filters: Omit<AdminOrdersFilters, "q" | "sort">): SQL | undefined {
  return and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    paymentCondition(filters.payment),
    dropshipCondition(filters.dropship),
    filters.withdrawal === "open"
      ? sql`${orders.id} in (select ow.order_id from (${openWithdrawals()}) ow)`
      : undefined,
    filters.from
      ? sql`${orders.createdAt} >= (${filters.from}::date)::timestamp at time zone 'Europe/Amsterdam'`
      : undefined,
    filters.to
      ? sql`${orders.createdAt} < (${filters.to}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`
      : undefined,
  );
}

/** A stored dropshipment state, or "waiting": paid and not accepted by the supplier yet. */
function dropshipCondition(dropship: AdminOrdersFilters["dropship"]): SQL | undefined {
  if (dropship === null) return undefined;
  if (dropship === "waiting") {
    return and(eq(orders.paymentStatus, "paid"), inArray(orders.dropshipmentStatus, ["pending", "processing"]));
  }
  return eq(orders.dropshipmentStatus, dropship);
}

/** "paid" is paid with nothing paid back; "partly-refunded" is paid with some of it paid back. */
function paymentCondition(payment: AdminOrdersFilters["payment"]): SQL | undefined {
  switch (payment) {
    case null:
      return undefined;
    case "paid":
      return and(eq(orders.paymentStatus, "paid"), eq(orders.refundedCents, 0));
    case "partly-refunded":
      return and(eq(orders.paymentStatus, "paid"), gt(orders.refundedCents, 0));
    default:
      return eq(orders.paymentStatus, payment);
  }
}

/** The sort key and its direction as the admin reads the list (first page first). */
function sortKey(sort: AdminOrdersSort) {
  const amount = sort === "amount-desc" || sort === "amount-asc";
  return {
    column: amount ? orders.totalAmountCents : orders.createdAt,
    descending: sort === "newest" || sort === "amount-desc",
  };
}

export type OrderWalk = {
  /** Null: the search matches nothing at all. */
  where: SQL | undefined | null;
  /** ORDER BY for the rows of this walk (in the walk's direction). */
  orderBy: SQL[];
  /** The walk runs against the list's order (a "before" page): reverse its rows for display. */
  backwards: boolean;
};

/**
 * The condition for the next `limit` orders of the list after (or before) the cursor order, in the
 * list's sort order. The cursor is an order id; its sort key is read by the database itself, so no
 * timestamp precision is lost on the way through JavaScript.
 */
export async function walkOrders(
  db: Db,
  filters: AdminOrdersFilters,
  cursor: { after: string | null; before: string | null },
  limit: number,
): Promise<OrderWalk> {
  const plan = await searchPlan(db, filters.q);
  const { column, descending } = sortKey(filters.sort);
  const cursorId = cursor.after ?? cursor.before;
  const backwards = cursor.before !== null && cursor.after === null && cursorId !== null;
  const walkDescending = backwards ? !descending : descending;
  const cursorRow = cursorId
    ? sql`(select ${column}, ${orders.id} from ${orders} where ${orders.id} = ${cursorId}::uuid)`
    : undefined;
  const base = and(
    filterCondition(filters),
    cursorRow
      ? walkDescending
        ? sql`(${column}, ${orders.id}) < ${cursorRow}`
        : sql`(${column}, ${orders.id}) > ${cursorRow}`
      : undefined,
  );
  const direction = sql.raw(walkDescending ? "desc" : "asc");
  const orderBy = [sql`${column} ${direction}`, sql`${orders.id} ${direction}`];
  if (!plan) return { where: base, orderBy, backwards };

  const branch = (condition: SQL) =>
    sql`(select ${orders.id} as id, ${column} as sort_key from ${orders}
         where ${and(condition, base)}
         order by ${column} ${direction}, ${orders.id} ${direction} limit ${limit})`;
  const branches = plan.conditions.map(branch);
  if (plan.customerIds.length > 0) {
    branches.push(sql`(select x.id, x.sort_key
      from unnest(${uuidArray(plan.customerIds)}) as m(customer_id)
      cross join lateral ${branch(sql`${orders.customerId} = m.customer_id`)} x)`);
  }
  if (branches.length === 0) return { where: null, orderBy, backwards };
  const where = sql`${orders.id} in (
    select u.id from (${sql.join(branches, sql` union `)}) u
    order by u.sort_key ${direction}, u.id ${direction} limit ${limit})`;
  return { where, orderBy, backwards };
}
