/**
 * All Orders benchmark (issue 8): 100 000 orders of 40 000 customers on PostgreSQL; measures the
 * admin's order list — the first page, searches of each kind (e-mail, name, order id, status), the
 * status/payment filters and a deep keyset page — as the domain call (the database's share) and as
 * the whole page over HTTP (guard, loader, rendering) against the production build.
 * Budget: search and first page within 50 ms p95.
 *
 *   npm run bench:admin-orders     # uses postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_orders
 *   BENCH_ADMIN_ORDERS_DATABASE_URL=… BENCH_ORDER_COUNT=100000 BENCH_REQUESTS=200 npm run bench:admin-orders
 *
 * The first run seeds the database (about a minute); later runs reuse it after VACUUM (ANALYZE).
 */
import "./production-env";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/config/env.server";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { createOrPromoteAdmin } from "../app/domain/admin/admin-accounts.server";
import { createAuth } from "../app/domain/auth/auth.server";
import { listAdminOrders } from "../app/domain/orders/admin-orders.server";
import { parseAdminOrdersQuery } from "../app/domain/orders/admin-orders-query";
import { createLogger } from "../app/lib/logger.server";
import { createApp } from "../server/app";
import { buildApp } from "../tests/support/build";
import { cookieHeaderFrom } from "../tests/support/users";
import { ensurePostgresDatabase, percentile } from "./support";

const DB_URL =
  process.env.BENCH_ADMIN_ORDERS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_orders";
const ORDERS = Number(process.env.BENCH_ORDER_COUNT ?? 100_000);
const CUSTOMERS = Math.max(1, Math.round(ORDERS * 0.4));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_MS = 50;
/** BENCH_HTTP=0 measures the domain call only (no build, no server): quick when tuning queries. */
const HTTP = process.env.BENCH_HTTP !== "0";

/** Deterministic Dutch-looking customers and a believable spread of orders over two years. */
async function seed(db: Db) {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders`));
  if (n >= ORDERS) return false;
  console.log(`seeding ${ORDERS} orders of ${CUSTOMERS} customers…`);
  await db.execute(sql`truncate order_items, orders, shipping_addresses, customers cascade`);
  await db.execute(sql`
    insert into customers (first_name, last_name, email, phone, created_at, updated_at)
    select f.name, l.name,
           lower(replace(f.name || '.' || l.name, ' ', '')) || i || '@' || (array['example.nl','fietsmail.nl','gmail.com','ziggo.nl','kpnmail.nl'])[1 + i % 5],
           '06' || lpad((i * 7919 % 100000000)::text, 8, '0'),
           now() - make_interval(days => i % 730), now()
    from generate_series(1, ${CUSTOMERS}) i
    cross join lateral (select (array['Sanne','Joost','Fenna','Pieter','Anouk','Daan','Lotte','Bram','Eva','Thijs',
                                      'Femke','Ruben','Iris','Lars','Noor','Sven','Maud','Jesse','Lieke','Koen'])[1 + i % 20] as name) f
    cross join lateral (select (array['de Vries','Jansen','Bakker','Visser','Smit','Meijer','de Boer','Mulder','de Groot','Bos',
                                      'Vos','Peters','Hendriks','van Leeuwen','Dekker','Brouwer','de Wit','Dijkstra','Smits','de Graaf',
                                      'van der Meer','van Dijk','Kok','Jacobs','Vermeulen'])[1 + (i / 20) % 25] as name) l`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by email) as rn from customers)
    insert into orders (customer_id, total_amount_cents, subtotal_cents, shipping_cents, status, payment_status,
                        dropshipment_status, payment_provider, created_at, paid_at)
    select c.id, t.total, t.total - 495, 495,
           (array['completed','completed','completed','processing','pending','cancelled'])[1 + i % 6],
           case when i % 6 = 5 then 'refunded' when i % 6 = 4 then 'unpaid' else 'paid' end,
           case when i % 6 = 4 then 'pending' when i % 50 = 0 then 'failed' else 'completed' end,
           'local', t.at, case when i % 6 = 4 then null else t.at + interval '2 minutes' end
    from generate_series(1, ${ORDERS}) i
    join c on c.rn = 1 + (i::bigint * 7919) % ${CUSTOMERS}
    cross join lateral (select 995 + (i * 37 % 20000) as total,
                               now() - make_interval(secs => (${ORDERS} - i) * 631.0) as at) t`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, product_price_cents, quantity)
    select id, (10000 + abs(hashtext(id::text)) % 5000)::text, 'Artikel', total_amount_cents - 495, 1 from orders`);
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
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL });
  const { db } = database;
  await seed(db);
  await db.execute(sql`vacuum (analyze) customers, orders, order_items`);

  // Real values to search for, read from the data rather than assumed.
  const [sample] = rowsOf<{ id: string; email: string; deep: string }>(
    await db.execute(sql`
      select o.id::text as id, c.email,
             (select id::text from orders order by created_at desc, id desc offset 2500 limit 1) as deep
      from orders o join customers c on c.id = o.customer_id
      order by o.created_at desc offset 777 limit 1`),
  );
  const { id, email, deep } = sample!;
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
    const domain = await measure(() => listAdminOrders(db, parsed.query));
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
  await http?.close();
  await database.close();
  if (over.length > 0) {
    console.log(`\nOver ${BUDGET_MS} ms at p95: ${over.join(", ")}`);
    process.exitCode = 1;
  }
}

/** The production build served in-process, with a signed-in admin: the whole page as the browser gets it. */
async function startHttp(db: Db) {
  const logger = createLogger("silent");
  const { buildDir, cleanup } = buildApp("bench-admin-orders");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: "0",
    SEED_DEMO: "false",
    PUBLIC_URL: base,
    AUTH_SECRET: "bench-secret-0123456789-abcdefghijklmnop",
  });
  const auth = createAuth({ db, config, logger });
  server.on("request", createApp({ db, config, logger, auth, build, clientDir: path.join(buildDir, "client") }));
  const adminAccount = { email: "bench-beheer@trapkracht.test", password: "bench-wachtwoord-1" };
  await createOrPromoteAdmin(db, adminAccount);
  const cookie = cookieHeaderFrom(await auth.api.signInEmail({ body: adminAccount, asResponse: true }));
  return {
    page: async (query: string, suffix = "") => {
      const res = await fetch(`${base}/admin/orders${suffix}${query ? `?${query}` : ""}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`/admin/orders?${query}: HTTP ${res.status}`);
      await res.text();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      cleanup();
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
