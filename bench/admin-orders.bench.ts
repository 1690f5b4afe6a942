/**
 * All Orders benchmark (issues 8 and 28): 100 000 orders of 40 000 customers, on PostgreSQL or on
 * PGlite; measures the admin's order list — the first page, searches of each kind (e-mail, name,
 * order id, status), each filter (status/payment, dropshipment, partly refunded, open withdrawal, a
 * month), the sorts and deep keyset pages — as the domain call (the database's share, the filter
 * counts included) and as the whole page over HTTP (guard, loader, rendering) against the production
 * build; then the CSV export of all orders (total time, domain and HTTP).
 * Budget: each list page within 50 ms p95 on PostgreSQL.
 *
 *   npm run bench:admin-orders     # uses postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_orders
 *   BENCH_ADMIN_ORDERS_DATABASE_URL=… BENCH_ORDER_COUNT=100000 BENCH_REQUESTS=200 npm run bench:admin-orders
 *   BENCH_ADMIN_ORDERS_DB=pglite npm run bench:admin-orders   # in-memory PGlite, seeded every run
 *
 * The first run seeds the database (about a minute); later runs reuse it after VACUUM (ANALYZE).
 */
import "./production-env";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { countOrderFilters, exportOrdersCsv, listAdminOrders } from "../app/features/admin-orders/index.server";
import { parseAdminOrdersQuery } from "../app/features/orders";
import { seedAdminOrders } from "./seed-admin";
import { ensurePostgresDatabase, percentile, serveAdminShop } from "./support";

const DB_URL =
  process.env.BENCH_ADMIN_ORDERS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_orders";
const ORDERS = Number(process.env.BENCH_ORDER_COUNT ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_MS = 50;
/** BENCH_HTTP=0 measures the domain call only (no build, no server): quick when tuning queries. */
const HTTP = process.env.BENCH_HTTP !== "0";
const PGLITE = process.env.BENCH_ADMIN_ORDERS_DB === "pglite";

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

function parseOrThrow(query: string) {
  const parsed = parseAdminOrdersQuery(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.error);
  const { after: _after, before: _before, ...filters } = parsed.query;
  return { ...filters, after: null, before: null };
}

async function main() {
  if (!PGLITE) await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase(PGLITE ? { kind: "pglite" } : { kind: "postgres", url: DB_URL });
  const { db } = database;
  const seedStarted = performance.now();
  if (await seedAdminOrders(db, ORDERS))
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  await db.execute(
    sql`vacuum (analyze) customers, orders, order_items, order_withdrawals, order_withdrawal_items, order_refunds`,
  );

  // Real values to search for, read from the data rather than assumed.
  const [sample] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select o.id::text as id, c.email,
             (select id::text from orders order by created_at desc, id desc offset 2500 limit 1) as deep,
             (select id::text from orders order by total_amount_cents desc, id desc offset 2500 limit 1) as deep_amount,
             (select to_char(max(created_at) at time zone 'Europe/Amsterdam' - interval '40 days', 'YYYY-MM-DD')
                from orders) as month_from,
             (select to_char(max(created_at) at time zone 'Europe/Amsterdam' - interval '10 days', 'YYYY-MM-DD')
                from orders) as month_to
      from orders o join customers c on c.id = o.customer_id
      order by o.created_at desc offset 777 limit 1`),
  );
  const {
    id,
    email,
    deep,
    deep_amount: deepAmount,
    month_from: monthFrom,
    month_to: monthTo,
  } = sample! as {
    id: string;
    email: string;
    deep: string;
    deep_amount: string;
    month_from: string;
    month_to: string;
  };
  const scenarios: [string, string][] = [
    ["first page", ""],
    ["search: one customer's e-mail", `q=${encodeURIComponent(email.split("@")[0]!)}`],
    ["search: e-mail domain (broad)", "q=ziggo"],
    ["search: full name", `q=${encodeURIComponent("Fenna de Vries")}`],
    ["search: last name (broad)", "q=jansen"],
    ["search: order number (8 chars)", `q=${id.slice(0, 8)}`],
    ["search: status label", `q=${encodeURIComponent("In behandeling")}`],
    ["search: no match", "q=qqzzxx"],
    ["filter: cancelled + refunded", "status=cancelled&payment=refunded"],
    ["search + filter: smit, pending", "q=smit&status=pending"],
    ["page 101 (keyset)", `after=${deep}`],
    // Issue 28: each new filter, the date range, the sorts.
    ["filter: dropshipment failed", "dropship=failed"],
    ["filter: dropshipment completed", "dropship=completed"],
    ["filter: partly refunded", "payment=partly-refunded"],
    ["filter: paid (nothing refunded)", "payment=paid"],
    ["filter: open withdrawal", "withdrawal=open"],
    ["filter: a month (date range)", `from=${monthFrom}&to=${monthTo}`],
    ["filter: month + failed + processing", `from=${monthFrom}&to=${monthTo}&dropship=failed&status=processing`],
    ["sort: amount high to low", "sort=amount-desc"],
    ["sort: amount low to high, failed", "sort=amount-asc&dropship=failed"],
    ["sort: amount, page 101 (keyset)", `sort=amount-desc&after=${deepAmount}`],
    ["sort: oldest first", "sort=oldest"],
    ["search + sort: jansen by amount", "q=jansen&sort=amount-desc"],
  ];

  const http = HTTP ? await startHttp(db) : null;

  console.log(
    `\nAll Orders at ${ORDERS} orders (${REQUESTS} runs each after ${WARMUP} warm-up; budget ${BUDGET_MS} ms p95)\n`,
  );
  console.log("scenario".padEnd(34), "rows", "  query p50/p95 ms", "  page p50/p95 ms", "  .data p50/p95 ms");
  const over: string[] = [];
  for (const [name, query] of scenarios) {
    const parsed = parseAdminOrdersQuery(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.error);
    const rows = (await listAdminOrders(db, parsed.query)).orders.length;
    // The loader's share: the page and the counts beside the filter options.
    const domain = await measure(() =>
      Promise.all([listAdminOrders(db, parsed.query), countOrderFilters(db, parsed.query)]),
    );
    const page = http ? await measure(() => http.page(query)) : null;
    // What a search costs with JavaScript: a client navigation fetches the loaders' data, no HTML.
    const data = http ? await measure(() => http.page(query, ".data")) : null;
    if (domain.p95 > BUDGET_MS) over.push(`${name} (query)`);
    if (page && page.p95 > BUDGET_MS) over.push(`${name} (page)`);
    console.log(
      name.padEnd(34),
      String(rows).padStart(4),
      `${domain.p50.toFixed(1).padStart(8)} /${domain.p95.toFixed(1).padStart(6)}`,
      page ? `${page.p50.toFixed(1).padStart(8)} /${page.p95.toFixed(1).padStart(6)}` : "",
      data ? `${data.p50.toFixed(1).padStart(8)} /${data.p95.toFixed(1).padStart(6)}` : "",
    );
  }
  const counts = await measure(() => countOrderFilters(db, parseOrThrow("")));
  console.log(
    "filter counts alone (all orders)".padEnd(34),
    "    ",
    `${counts.p50.toFixed(1).padStart(8)} /${counts.p95.toFixed(1).padStart(6)}`,
  );

  // The CSV export of every order: three runs, as the domain stream and as the download over HTTP.
  console.log(`\nCSV export of all ${ORDERS} orders (3 runs each):`);
  for (const run of [1, 2, 3]) {
    const started = performance.now();
    const stream = await exportOrdersCsv(db, parseOrThrow(""), (error) => {
      throw error;
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of stream) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const domainMs = performance.now() - started;
    let httpText = "";
    if (http) {
      const t0 = performance.now();
      const got = await http.download("");
      httpText = `, HTTP ${((performance.now() - t0) / 1000).toFixed(2)} s (${(got / 1e6).toFixed(1)} MB)`;
    }
    console.log(
      `  run ${run}: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB, domain ${(domainMs / 1000).toFixed(2)} s${httpText}`,
    );
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
  const shop = await serveAdminShop(db, "bench-admin-orders");
  return {
    page: async (query: string, suffix = "") =>
      void (await (await shop.get(`/admin/orders${suffix}${query ? `?${query}` : ""}`)).text()),
    /** Downloads the CSV export and returns its size in bytes. */
    download: async (query: string) =>
      (await (await shop.get(`/admin/orders/export.csv${query ? `?${query}` : ""}`)).arrayBuffer()).byteLength,
    close: shop.close,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
