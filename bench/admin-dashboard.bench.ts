/**
 * Dashboard benchmark (issue 29): /admin at 100 000 orders and 1 000 000 products on PostgreSQL —
 * the sales figures (today, 7 and 30 days and the periods before) and the to-do counts, as the domain
 * call (the database's share) and as the whole page over HTTP against the production build.
 * Budget: 300 ms p95 (design brief §7).
 *
 *   npm run bench:admin-dashboard   # postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_dashboard
 *   BENCH_ADMIN_DASHBOARD_DATABASE_URL=… BENCH_ORDER_COUNT=100000 BENCH_PRODUCT_COUNT=1000000 npm run bench:admin-dashboard
 *   BENCH_HTTP=0 …                  # the domain call only (no build, no server)
 *
 * Seeds with the All Orders and Product Management benchmarks' seeding (bench/seed-admin.ts: orders
 * over the last two years up to the moment of seeding), then adds what the to-do list counts: stock
 * for every product (3 % out of stock, 5 % low), paid orders waiting for the supplier, failed feed
 * runs, and an outbox of 100 000 mails with some failed and waiting. Later runs reuse the data.
 */
import "./production-env";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { loadDashboard, loadSales, loadTodo } from "../app/features/admin-dashboard/index.server";
import { FIRST_ART_NO, seedAdminOrders, seedAdminProducts } from "./seed-admin";
import { ensurePostgresDatabase, percentile, serveAdminShop } from "./support";

const DB_URL =
  process.env.BENCH_ADMIN_DASHBOARD_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_dashboard";
const ORDERS = Number(process.env.BENCH_ORDER_COUNT ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCT_COUNT ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_MS = 300;
const HTTP = process.env.BENCH_HTTP !== "0";

/** What the to-do list counts, added once on top of the shared seed. */
async function seedTodo(db: Db) {
  const [{ stockRows, mails } = { stockRows: 0, mails: 0 }] = rowsOf<{ stockRows: number; mails: number }>(
    await db.execute(
      sql`select (select count(*)::int from stock) as "stockRows", (select count(*)::int from outbox) as mails`,
    ),
  );
  if (stockRows < PRODUCTS) {
    console.log(`seeding stock for ${PRODUCTS} products…`);
    await db.execute(sql`truncate stock`);
    // 3 in 100 out of stock, 5 in 100 with 1 to 5 left, the rest 6 to 200.
    await db.execute(sql`
      insert into stock (art_no, quantity, status)
      select art_no, case when art_no % 100 < 3 then 0
                          when art_no % 100 < 8 then 1 + art_no % 5
                          else 6 + art_no % 195 end, 'leverbaar'
      from products`);
  }
  if (mails < 100_000) {
    console.log("seeding the outbox, feed runs and waiting orders…");
    await db.execute(sql`truncate outbox`);
    await db.execute(sql`
      insert into outbox (kind, to_address, subject, text_body, status, attempts, last_error, created_at, sent_at)
      select 'order-confirmation', 'klant' || i || '@example.nl', 'Bevestiging van je bestelling', 'Bedankt!',
             case when i % 2000 = 0 then 'failed' when i > 99980 then 'pending' else 'sent' end,
             case when i % 2000 = 0 then 5 else 1 end,
             case when i % 2000 = 0 then '550 5.1.1 Mailbox unavailable' end,
             now() - make_interval(secs => (100000 - i) * 600.0), now() - make_interval(secs => (100000 - i) * 600.0)
      from generate_series(1, 100000) i`);
    await db.execute(sql`truncate supplier_feed_runs cascade`);
    // Two years of a stock feed every 4 hours, one run in 50 failed; the newest ones failed.
    await db.execute(sql`
      insert into supplier_feed_runs (kind, source, file_name, status, created_at, finished_at, error)
      select case when i % 2 = 0 then 'stock' else 'products' end, 'ftp', '/feeds/voorraad.csv',
             case when i % 50 = 0 or i > 4370 then 'failed' else 'succeeded' end,
             now() - make_interval(hours => (4380 - i) * 4), now() - make_interval(hours => (4380 - i) * 4),
             case when i % 50 = 0 or i > 4370 then 'Connection refused' end
      from generate_series(1, 4380) i`);
    // The newest 150 paid orders: 100 not yet sent to the supplier, 50 sent without an answer.
    await db.execute(sql`
      update orders o set dropshipment_status = case when r.n <= 100 then 'pending' else 'processing' end
      from (select id, row_number() over (order by created_at desc) as n
            from orders where payment_status = 'paid' order by created_at desc limit 150) r
      where o.id = r.id`);
  }
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
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL });
  const { db } = database;
  const started = performance.now();
  const products = await seedAdminProducts(db, PRODUCTS);
  // The customer summaries (the Customers tab's statement triggers) are not what this measures, and
  // keeping them while 100 000 orders arrive at once takes many minutes on a busy machine.
  await db.execute(sql`alter table orders disable trigger user`);
  await db.execute(sql`alter table customers disable trigger user`);
  const orders = await seedAdminOrders(db, ORDERS).finally(async () => {
    await db.execute(sql`alter table orders enable trigger user`);
    await db.execute(sql`alter table customers enable trigger user`);
  });
  const seeded = [products, orders];
  await seedTodo(db);
  if (seeded.some(Boolean)) console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.execute(
    sql`vacuum (analyze) products, stock, orders, order_withdrawals, order_withdrawal_items, order_refunds, outbox, supplier_feed_runs`,
  );
  const [sizes] = rowsOf<Record<string, number>>(
    await db.execute(sql`select (select count(*)::int from orders) as orders, (select count(*)::int from products) as products,
      (select max(art_no) from products) as last_art_no`),
  );
  console.log(`\n${sizes!.orders} orders, ${sizes!.products} products (ArtNo ${FIRST_ART_NO}…${sizes!.last_art_no})`);

  const dashboard = await loadDashboard(db);
  console.log("sales:", JSON.stringify(dashboard.sales));
  console.log("to do:", JSON.stringify(dashboard.todo));

  const http = HTTP ? await startHttp(db) : null;
  console.log(`\n${REQUESTS} runs each after ${WARMUP} warm-up; budget ${BUDGET_MS} ms p95\n`);
  console.log("scenario".padEnd(34), "  p50 ms", "  p95 ms");
  const over: string[] = [];
  const scenarios: [string, () => Promise<unknown>][] = [
    ["sales figures (6 periods)", () => loadSales(db, new Date())],
    ["to-do counts", () => loadTodo(db)],
    ["dashboard (domain, both at once)", () => loadDashboard(db)],
  ];
  if (http) {
    scenarios.push(["/admin page over HTTP", () => http.page("/admin")]);
    scenarios.push(["/admin.data (client navigation)", () => http.page("/admin.data")]);
  }
  for (const [name, run] of scenarios) {
    const { p50, p95 } = await measure(run);
    if (p95 > BUDGET_MS) over.push(name);
    console.log(
      name.padEnd(34),
      p50.toFixed(1).padStart(8),
      p95.toFixed(1).padStart(8),
      p95 > BUDGET_MS ? " OVER" : "",
    );
  }

  for (const [label, query] of [
    [
      "30 days of revenue",
      sql`explain (analyze, buffers) select count(*), sum(total_amount_cents - refunded_cents) from orders
          where payment_status = 'paid' and paid_at >= now() - interval '30 days' and paid_at <= now()`,
    ],
    [
      "out of stock (as loadTodo counts it)",
      sql`explain (analyze, buffers) select count(*) from (select 1 from stock s
          cross join lateral (select 1 from products p where p.art_no = s.art_no and p.status = 1 limit 1) p
          where s.quantity <= 0 limit 1001) c`,
    ],
  ] as const) {
    const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(query));
    console.log(`\nEXPLAIN ${label}:\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
  await http?.close();
  await database.close();
  if (over.length > 0) {
    console.log(`\nOver ${BUDGET_MS} ms at p95: ${over.join(", ")}`);
    process.exitCode = 1;
  }
}

/** The production build served in-process, with a signed-in admin: the whole page as the browser gets it. */
async function startHttp(db: Db) {
  const shop = await serveAdminShop(db, "bench-admin-dashboard");
  return {
    page: async (pathname: string) => void (await (await shop.get(pathname)).text()),
    close: shop.close,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
