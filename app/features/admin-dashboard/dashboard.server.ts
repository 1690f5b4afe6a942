import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { unresolvedFailedRun } from "~/features/supplier-feed/index.server";
import { openWithdrawals } from "~/features/admin-orders/index.server";
import { DASHBOARD_PERIODS, type PeriodDays, type Sales } from "./figures";
import { COUNT_CAP, LOW_STOCK_THRESHOLD } from "./todo";

/** One period's paid orders and the same stretch just before it. */
export type PeriodSales = { days: PeriodDays; current: Sales; previous: Sales };

/** What needs the admin, counted (each at most COUNT_CAP + 1: more reads as "1.000+"). */
export type DashboardTodo = {
  /** Paid orders (partly refunded included) whose dropshipment is pending or processing. */
  supplierWaiting: number;
  /** Orders whose dropshipment failed. */
  dropshipFailed: number;
  /** Orders with an open withdrawal, and the earliest refund deadline among them. */
  openWithdrawals: number;
  nearestRefundDue: Date | null;
  /** Active products with stock 0 or less, and with 1..LOW_STOCK_THRESHOLD. */
  outOfStock: number;
  lowStock: number;
  /** Failed imports no later successful import of the same feed settled. */
  failedFeedRuns: number;
  /** Mails that gave up after their last attempt, the newest one's error; mails waiting to be sent. */
  mailFailed: number;
  mailLastError: string | null;
  mailPending: number;
};

export type Dashboard = { sales: PeriodSales[]; todo: DashboardTodo };

/**
 * Revenue, orders and average order value (issue 29; ADR 0033):
 *   - an order counts when it is paid (payment status "paid", partly refunded ones included; a fully
 *     refunded order is no sale), on the day it was paid (paid_at), in Amsterdam time;
 *   - revenue is what the shopper paid, VAT and shipping included, less what was paid back so far
 *     (orders.refunded_cents), whenever the refund was made;
 *   - a period of n days is today and the n − 1 days before it, from midnight up to now; the period
 *     before is the same stretch n days earlier, up to the same time of day, so a morning is never
 *     measured against a whole day.
 * Six range scans of orders_paid_revenue_idx, read from the index alone.
 */
export async function loadSales(db: Db, now: Date): Promise<PeriodSales[]> {
  const windows = DASHBOARD_PERIODS.map(({ days }) => sql`(${days}::int)`);
  const rows = rowsOf<{ days: number; orders: number; revenue: number; prev_orders: number; prev_revenue: number }>(
    await db.execute(sql`
      with clock as (select (${now.toISOString()}::timestamptz at time zone 'Europe/Amsterdam') as local_now),
      w as (
        select v.days,
               (date_trunc('day', c.local_now) - make_interval(days => v.days - 1)) at time zone 'Europe/Amsterdam' as from_at,
               ${now.toISOString()}::timestamptz as to_at,
               (date_trunc('day', c.local_now) - make_interval(days => 2 * v.days - 1)) at time zone 'Europe/Amsterdam' as prev_from_at,
               (c.local_now - make_interval(days => v.days)) at time zone 'Europe/Amsterdam' as prev_to_at
        from clock c cross join (values ${sql.join(windows, sql`, `)}) as v(days)
      )
      select w.days, cur.orders, cur.revenue, prev.orders as prev_orders, prev.revenue as prev_revenue
      from w
      cross join lateral (
        select count(*)::int as orders, coalesce(sum(o.total_amount_cents - o.refunded_cents), 0)::bigint as revenue
        from orders o
        where o.payment_status = 'paid' and o.paid_at >= w.from_at and o.paid_at <= w.to_at) cur
      cross join lateral (
        select count(*)::int as orders, coalesce(sum(o.total_amount_cents - o.refunded_cents), 0)::bigint as revenue
        from orders o
        where o.payment_status = 'paid' and o.paid_at >= w.prev_from_at and o.paid_at <= w.prev_to_at) prev
      order by w.days`),
  );
  return DASHBOARD_PERIODS.map(({ days }) => {
    const row = rows.find((r) => Number(r.days) === days);
    return {
      days,
      current: { orders: Number(row?.orders ?? 0), revenueCents: Number(row?.revenue ?? 0) },
      previous: { orders: Number(row?.prev_orders ?? 0), revenueCents: Number(row?.prev_revenue ?? 0) },
    };
  });
}

/** count(*) of a row source, stopping after COUNT_CAP + 1 rows: a to-do count never reads a whole table. */
const capped = (rows: ReturnType<typeof sql>) =>
  sql`(select count(*)::int from (${rows} limit ${sql.raw(String(COUNT_CAP + 1))}) capped)`;

/**
 * The to-do counts, each the exact number of rows the linked list shows (up to the cap). One round
 * trip; every count reads a small partial index or a small table (ADR 0033).
 */
export async function loadTodo(db: Db): Promise<DashboardTodo> {
  // Literals, not parameters: PostgreSQL only uses stock_out_idx / stock_low_idx when it can see the bounds.
  const low = sql.raw(String(LOW_STOCK_THRESHOLD));
  // The product of a stock row, looked up by primary key and only while the count is under its cap:
  // as a plain join PostgreSQL hashes all active products (a million) to find the few it needs.
  const activeProduct = sql`(select 1 from products p where p.art_no = s.art_no and p.status = 1 limit 1) p`;
  const [row] = rowsOf<{
    supplier_waiting: number;
    dropship_failed: number;
    open_withdrawals: number;
    nearest_refund_due: string | Date | null;
    out_of_stock: number;
    low_stock: number;
    failed_feed_runs: number;
    mail_failed: number;
    mail_last_error: string | null;
    mail_pending: number;
  }>(
    await db.execute(sql`
      select
        ${capped(sql`select 1 from orders where payment_status = 'paid' and dropshipment_status in ('pending', 'processing')`)} as supplier_waiting,
        ${capped(sql`select 1 from orders where dropshipment_status = 'failed'`)} as dropship_failed,
        ow.n as open_withdrawals, ow.due as nearest_refund_due,
        ${capped(sql`select 1 from stock s cross join lateral ${activeProduct} where s.quantity <= 0`)} as out_of_stock,
        ${capped(sql`select 1 from stock s cross join lateral ${activeProduct} where s.quantity between 1 and ${low}`)} as low_stock,
        ${capped(sql`select 1 from supplier_feed_runs where ${unresolvedFailedRun}`)} as failed_feed_runs,
        ${capped(sql`select 1 from outbox where status = 'failed'`)} as mail_failed,
        (select last_error from outbox where status = 'failed' order by id desc limit 1) as mail_last_error,
        ${capped(sql`select 1 from outbox where status = 'pending'`)} as mail_pending
      from (select count(*)::int as n, min(refund_due_at) as due from (${openWithdrawals()}) w) ow`),
  );
  const due = row?.nearest_refund_due ?? null;
  return {
    supplierWaiting: Number(row?.supplier_waiting ?? 0),
    dropshipFailed: Number(row?.dropship_failed ?? 0),
    openWithdrawals: Number(row?.open_withdrawals ?? 0),
    nearestRefundDue: due === null ? null : new Date(due),
    outOfStock: Number(row?.out_of_stock ?? 0),
    lowStock: Number(row?.low_stock ?? 0),
    failedFeedRuns: Number(row?.failed_feed_runs ?? 0),
    mailFailed: Number(row?.mail_failed ?? 0),
    mailLastError: row?.mail_last_error ?? null,
    mailPending: Number(row?.mail_pending ?? 0),
  };
}

export async function loadDashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const [sales, todo] = await Promise.all([loadSales(db, now), loadTodo(db)]);
  return { sales, todo };
}
