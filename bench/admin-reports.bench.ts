/**
 * Reports benchmark (issue 29, item 4): a year of 100 000 paid orders with their invoices — most at
 * one VAT rate, one in five mixing 21 % and 9 % with a coupon and shipping to share — and 3 000
 * refunds with credit notes; measures each report over the whole year and over a quarter as the
 * domain call (the database's share and the sums in JavaScript).
 * Budget: the VAT return over a year well under a second on PostgreSQL.
 *
 *   npm run bench:admin-reports     # uses postgres://postgres@127.0.0.1:5432/trapkracht_bench_reports
 *   BENCH_REPORTS_DATABASE_URL=… BENCH_ORDER_COUNT=100000 BENCH_REQUESTS=20 npm run bench:admin-reports
 *   BENCH_REPORTS_DB=pglite npm run bench:admin-reports   # in-memory PGlite, seeded every run
 *   BENCH_DROP=1 npm run bench:admin-reports   # drops the PostgreSQL database afterwards
 */
import "./production-env";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import {
  bestSellersReport,
  couponUseReport,
  creditNotesIn,
  vatReturnReport,
} from "../app/features/admin-reports/index.server";
import { ensurePostgresDatabase, percentile } from "./support";

const DB_URL = process.env.BENCH_REPORTS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_reports";
const ORDERS = Number(process.env.BENCH_ORDER_COUNT ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARMUP = 3;
const PGLITE = process.env.BENCH_REPORTS_DB === "pglite";
/** The year the orders are paid in (Amsterdam days); the year before holds a quarter as many. */
const YEAR = 2025;

async function seed(db: Db) {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from invoices where kind = 'invoice'`),
  );
  if (n >= ORDERS) return false;
  const total = ORDERS + Math.round(ORDERS / 4);
  console.log(`seeding ${total} paid orders with invoices (${ORDERS} in ${YEAR})…`);
  await db.execute(
    sql`truncate invoices, order_refunds, order_withdrawal_items, order_withdrawals, order_items, orders, shipping_addresses, customers cascade`,
  );
  await db.execute(sql`
    insert into customers (first_name, last_name, email)
    select 'Klant', 'Nummer ' || i, 'klant' || i || '@example.nl' from generate_series(1, 100) i`);
  // Order i: paid at a moment spread evenly from 1 Oct of the year before to the end of the year.
  // i % 5 = 0 mixes a 21 % and a 9 % line, with a 5,00 coupon and 4,95 shipping; the rest have one
  // line, at 9 % when i % 5 = 1, with free shipping from 50,00.
  await db.execute(sql`
    with c as (select id, (row_number() over (order by email) - 1)::int as rn from customers),
    o as (
      select i, a.price21, a.price9, a.mixed, a.discount, a.shipping,
             (${`${YEAR - 1}-10-01T00:00:00+02:00`}::timestamptz) + make_interval(secs => i * (456.0 * 86400 / ${total})) as at
      from generate_series(1, ${total}) i
      cross join lateral (
        select 500 + (i * 37 % 9000) as price21, 300 + (i * 53 % 4000) as price9, i % 5 = 0 as mixed,
               case when i % 5 = 0 then 500 else 0 end as discount
      ) p
      cross join lateral (
        select p.price21, p.price9, p.mixed, p.discount,
               case when p.mixed then 495
                    when (case when i % 5 = 1 then p.price9 else p.price21 end) < 5000 then 495 else 0 end as shipping
      ) a
    )
    insert into orders (customer_id, total_amount_cents, subtotal_cents, discount_cents, shipping_cents, coupon_code,
                        status, payment_status, dropshipment_status, payment_provider, created_at, paid_at, vat_lines)
    select c.id,
           g.goods - o.discount + o.shipping, g.goods, o.discount, o.shipping,
           case when o.discount > 0 then (array['ZOMER10','WELKOM5','FIETS'])[1 + o.i % 3] end,
           'completed', 'paid', 'completed', 'local', o.at, o.at, '[]'::jsonb
    from o
    join c on c.rn = o.i % 100
    cross join lateral (select case when o.mixed then o.price21 + o.price9
                                    when o.i % 5 = 1 then o.price9 else o.price21 end as goods) g`);
  // Lines: numbered by the order's place in time, so the rate follows the same rule as above.
  await db.execute(sql`
    with o as (select id, subtotal_cents, discount_cents, row_number() over (order by created_at, id) as i from orders)
    insert into order_items (order_id, product_id, product_name, product_price_cents, vat_rate, quantity)
    select o.id, (10000 + (o.i * 13 % 3000))::text, 'Artikel ' || (o.i * 13 % 3000),
           case when o.discount_cents > 0 then 500 + (o.i * 37 % 9000) else o.subtotal_cents end,
           case when o.discount_cents = 0 and o.i % 5 = 1 then 9 else 21 end, 1
    from o
    union all
    select o.id, (20000 + (o.i * 17 % 1000))::text, 'Voeding ' || (o.i * 17 % 1000),
           o.subtotal_cents - (500 + (o.i * 37 % 9000)), 9, 1
    from o where o.discount_cents > 0`);
  // The invoice's VAT per rate, with the checkout's sharing of discount and shipping (largest
  // remainder; close enough for timing, the figures are not checked here).
  await db.execute(sql`
    update orders o set vat_lines = v.lines
    from (
      select r.order_id, jsonb_agg(jsonb_build_object('rate', r.rate, 'amountCents',
               round(r.gross - r.gross / (1 + r.rate / 100.0))::int) order by r.rate desc) as lines
      from (
        select oi.order_id, oi.vat_rate as rate,
               sum(oi.product_price_cents) - round(o2.discount_cents * sum(oi.product_price_cents) / o2.subtotal_cents::numeric)
                 + round(o2.shipping_cents * sum(oi.product_price_cents) / o2.subtotal_cents::numeric) as gross
        from order_items oi join orders o2 on o2.id = oi.order_id
        group by oi.order_id, oi.vat_rate, o2.discount_cents, o2.shipping_cents, o2.subtotal_cents
      ) r group by r.order_id
    ) v where v.order_id = o.id`);
  await db.execute(sql`
    insert into invoices (number, kind, order_id, issued_at)
    select row_number() over (order by paid_at, id), 'invoice', id, paid_at from orders`);
  // Three refunds in a hundred orders: the first line, a week later, with its credit note.
  await db.execute(sql`
    with o as (select id, paid_at, row_number() over (order by paid_at, id) as i from orders),
    l as (select distinct on (oi.order_id) oi.order_id, oi.id, oi.product_price_cents, oi.vat_rate
          from order_items oi join o on o.id = oi.order_id where o.i % 33 = 7 order by oi.order_id, oi.id)
    insert into order_refunds (order_id, amount_cents, lines, vat_lines, provider, idempotency_key, status,
                               created_by, created_by_email, created_at)
    select l.order_id, l.product_price_cents,
           jsonb_build_array(jsonb_build_object('orderItemId', l.id, 'quantity', 1, 'amountCents', l.product_price_cents)),
           jsonb_build_array(jsonb_build_object('rate', l.vat_rate, 'amountCents',
             round(l.product_price_cents - l.product_price_cents / (1 + l.vat_rate / 100.0))::int)),
           'local', gen_random_uuid()::text, 'succeeded', 'bench', 'bench@trapkracht.test', o.paid_at + interval '7 days'
    from l join o on o.id = l.order_id`);
  await db.execute(sql`
    insert into invoices (number, kind, order_id, refund_id, issued_at)
    select (select max(number) from invoices) + row_number() over (order by created_at, id), 'credit', order_id, id, created_at
    from order_refunds`);
  await db.execute(sql`update invoice_counter set last_number = (select max(number) from invoices) where id = 1`);
  return true;
}

async function measure(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  if (!PGLITE) await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase(PGLITE ? { kind: "pglite" } : { kind: "postgres", url: DB_URL });
  const { db } = database;
  const started = performance.now();
  if (await seed(db)) console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.execute(sql`vacuum (analyze) invoices, orders, order_items, order_refunds, order_withdrawals`);

  const year = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
  const quarter = { from: `${YEAR}-10-01`, to: `${YEAR}-12-31` };
  const vat = await vatReturnReport(db, year);
  console.log(
    `\nReports at ${ORDERS} orders in ${YEAR} (${vat.invoiceCount} invoices, ${vat.creditCount} credit notes in the year; ${REQUESTS} runs each after ${WARMUP} warm-up)\n`,
  );
  console.log("report".padEnd(36), "p50 ms".padStart(8), "p95 ms".padStart(8));
  const scenarios: [string, () => Promise<unknown>][] = [
    ["VAT return, a year", () => vatReturnReport(db, year)],
    ["VAT return, a quarter", () => vatReturnReport(db, quarter)],
    ["refunds, a year", () => creditNotesIn(db, year)],
    ["coupon use, a year", () => couponUseReport(db, year)],
    ["best sellers (top 50), a year", () => bestSellersReport(db, year, 50)],
    ["best sellers (all, for the CSV), a year", () => bestSellersReport(db, year, null)],
  ];
  for (const [name, run] of scenarios) {
    const { p50, p95 } = await measure(run);
    console.log(name.padEnd(36), p50.toFixed(1).padStart(8), p95.toFixed(1).padStart(8));
  }
  await database.close();
  if (!PGLITE && process.env.BENCH_DROP === "1") {
    const admin = new pg.Client({ connectionString: DB_URL.replace(/\/[^/]+$/, "/postgres") });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(DB_URL).pathname.slice(1)}`);
    await admin.end();
    console.log("dropped the bench database");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
