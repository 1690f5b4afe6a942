/**
 * Customers tab benchmark (issue 28): 100 000 customers (one in ten with an account) with 200 000
 * orders and a shipping address each, on PGlite (in memory) and on PostgreSQL. Measures the list's
 * first page and a deep keyset page, searches (one e-mail, a broad e-mail domain, a name, a postcode
 * and its digits) and a customer page, as the domain call (the database's share) and as the whole
 * page over HTTP against the production build; and what the summary triggers add to an order's
 * writes (an order placed, then paid). Budget (brief §7): admin lists ≤ 300 ms p95.
 *
 *   npm run bench:admin-customers
 *   BENCH_CUSTOMERS=100000 BENCH_REQUESTS=200 BENCH_HTTP=0 BENCH_ONLY=postgres npm run bench:admin-customers
 *
 * PostgreSQL: postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_customers (or
 * BENCH_ADMIN_CUSTOMERS_DATABASE_URL); PGlite: tmp/bench-admin-customers-pglite (or BENCH_PGLITE_DIR).
 * Each is seeded on the first run and reused after (VACUUM) ANALYZE.
 */
import "./production-env";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { parseAdminCustomersQuery } from "../app/features/admin-customers";
import { getCustomerDetails, listCustomers } from "../app/features/admin-customers/index.server";
import { ensurePostgresDatabase, percentile, serveAdminShop } from "./support";

const DB_URL =
  process.env.BENCH_ADMIN_CUSTOMERS_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_customers";
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = CUSTOMERS * 2;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_MS = 300;
/** BENCH_HTTP=0 measures the domain calls only (no build, no server). */
const HTTP = process.env.BENCH_HTTP !== "0";
/** Kept between runs like the PostgreSQL database (seeding 100 000 customers takes minutes). */
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? "tmp/bench-admin-customers-pglite";
/** BENCH_ONLY=pglite or postgres runs one database. */
const ONLY = process.env.BENCH_ONLY;

/**
 * Deterministic customers, accounts, addresses and orders. The summary triggers are off while the
 * bulk rows go in (session_replication_role), then every summary is built in one call: the same
 * function the triggers call, timed, so the figure also says what a rebuild costs.
 */
async function seed(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from customers`));
  if (n >= CUSTOMERS) return false;
  console.log(`  seeding ${CUSTOMERS} customers and ${ORDERS} orders…`);
  const started = performance.now();
  await db.execute(sql`truncate order_items, orders, shipping_addresses, customers, customer_summaries cascade`);
  await db.execute(sql`delete from users where id like 'bench-user-%'`);
  // One transaction: the setting holds for its one connection only (set local).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into customers (first_name, last_name, email, phone, created_at, updated_at)
      select f.name, l.name,
             lower(replace(f.name || '.' || l.name, ' ', '')) || i || '@' ||
               (array['example.nl','fietsmail.nl','gmail.com','ziggo.nl','kpnmail.nl'])[1 + i % 5],
             '06' || lpad((i * 7919 % 100000000)::text, 8, '0'),
             now() - make_interval(days => i % 730), now() - make_interval(days => i % 730)
      from generate_series(1, ${CUSTOMERS}) i
      cross join lateral (select (array['Sanne','Joost','Fenna','Pieter','Anouk','Daan','Lotte','Bram','Eva','Thijs',
                                        'Femke','Ruben','Iris','Lars','Noor','Sven','Maud','Jesse','Lieke','Koen'])[1 + i % 20] as name) f
      cross join lateral (select (array['de Vries','Jansen','Bakker','Visser','Smit','Meijer','de Boer','Mulder','de Groot','Bos',
                                        'Vos','Peters','Hendriks','van Leeuwen','Dekker','Brouwer','de Wit','Dijkstra','Smits','de Graaf',
                                        'van der Meer','van Dijk','Kok','Jacobs','Vermeulen'])[1 + (i / 20) % 25] as name) l`);
    // One in ten has an account with the same address, its record linked to it.
    await tx.execute(sql`
      insert into users (id, email, name, email_verified)
      select 'bench-user-' || c.id, lower(c.email), c.first_name || ' ' || c.last_name, true
      from customers c where abs(hashtext(c.email)) % 10 = 0`);
    await tx.execute(sql`
      update customers c set user_id = 'bench-user-' || c.id where abs(hashtext(c.email)) % 10 = 0`);
    await tx.execute(sql`
      insert into shipping_addresses (customer_id, address, house_number, postal_code, city, is_default)
      select c.id, 'Fietsstraat', (1 + rn % 200)::text,
             (1000 + (rn * 7919) % 9000)::text || ' ' || chr(65 + (rn % 26)::int) || chr(65 + ((rn / 26) % 26)::int),
             'Utrecht', true
      from (select id, row_number() over (order by email) as rn from customers) c`);
    await tx.execute(sql`
      with c as (select id, row_number() over (order by email) as rn from customers)
      insert into orders (customer_id, total_amount_cents, subtotal_cents, shipping_cents, status, payment_status,
                          refunded_cents, dropshipment_status, payment_provider, created_at, paid_at)
      select c.id, t.total, t.total - 495, 495,
             (array['completed','completed','completed','processing','pending','cancelled'])[1 + j % 6],
             case when j % 6 = 5 then 'refunded' when j % 6 = 4 then 'unpaid' else 'paid' end,
             case when j % 6 = 5 then t.total when j % 17 = 0 then 500 else 0 end,
             'completed', 'local', t.at, case when j % 6 = 4 then null else t.at + interval '2 minutes' end
      from generate_series(1, ${ORDERS}) j
      join c on c.rn = 1 + (j::bigint * 7919) % ${CUSTOMERS}
      cross join lateral (select 995 + (j * 37 % 20000) as total,
                                 now() - make_interval(secs => (${ORDERS} - j) * 300.0) as at) t`);
  });
  // Fresh statistics first, as a live database has them: the rebuild's plan depends on them.
  await db.execute(sql`analyze customers, orders, users, shipping_addresses`);
  const built = performance.now();
  await db.execute(sql`
    select customer_summaries_refresh(array_agg(k))
    from (select lower(email) as k from customers union select email from users) keys`);
  console.log(
    `  seeded in ${((built - started) / 1000).toFixed(1)} s; all ${CUSTOMERS} summaries built in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
  return true;
}

async function measure(run: () => Promise<unknown>, requests = REQUESTS): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const fmt = (m: { p50: number; p95: number } | null) =>
  m ? `${m.p50.toFixed(1).padStart(8)} /${m.p95.toFixed(1).padStart(6)}` : "".padStart(16);

async function bench(label: string, database: Database) {
  const { db } = database;
  console.log(`\n${label}`);
  await seed(db);
  if (database.kind === "postgres") {
    await db.execute(sql`vacuum (analyze) customers, orders, shipping_addresses, users, customer_summaries`);
  } else {
    await db.execute(sql`analyze`);
  }

  // Real values to look for, read from the data rather than assumed.
  const [sample] = rowsOf<{ id: string; email: string; deep: string; postcode: string }>(
    await db.execute(sql`
      select s.id::text as id, s.email,
             (select id::text from customer_summaries
              order by coalesce(last_order_at, '-infinity'::timestamptz) desc, id desc offset 2500 limit 1) as deep,
             (select a.postal_code from shipping_addresses a join customers c on c.id = a.customer_id
              where lower(c.email) = s.email_key limit 1) as postcode
      from customer_summaries s where s.orders_count >= 2
      order by s.email_key limit 1`),
  );
  const { id, email, deep, postcode } = sample!;
  const scenarios: [string, string][] = [
    ["list: first page", ""],
    ["list: page 101 (keyset)", `after=${deep}`],
    ["search: one customer's e-mail", `q=${encodeURIComponent(email.split("@")[0]!)}`],
    ["search: e-mail domain (broad)", "q=ziggo"],
    ["search: full name", `q=${encodeURIComponent("Fenna de Vries")}`],
    ["search: postcode", `q=${encodeURIComponent(postcode)}`],
    ["search: postcode digits", `q=${postcode.slice(0, 4)}`],
    ["search: no match", "q=qqzzxx"],
  ];

  const http = HTTP ? await startHttp(db) : null;
  console.log(`  (${REQUESTS} runs each after ${WARMUP} warm-up; budget ${BUDGET_MS} ms p95)`);
  console.log("  " + "scenario".padEnd(32), "rows", "  query p50/p95 ms", "  page p50/p95 ms", "  .data p50/p95 ms");
  const over: string[] = [];
  for (const [name, query] of scenarios) {
    const parsed = parseAdminCustomersQuery(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.error);
    const rows = (await listCustomers(db, parsed.query)).customers.length;
    const domain = await measure(() => listCustomers(db, parsed.query));
    const page = http ? await measure(() => http.page(`/admin/customers${query ? `?${query}` : ""}`)) : null;
    const data = http ? await measure(() => http.page(`/admin/customers.data${query ? `?${query}` : ""}`)) : null;
    for (const [kind, m] of [
      ["query", domain],
      ["page", page],
    ] as const) {
      if (m && m.p95 > BUDGET_MS) over.push(`${name} (${kind})`);
    }
    console.log("  " + name.padEnd(32), String(rows).padStart(4), fmt(domain), fmt(page), fmt(data));
  }
  const details = await getCustomerDetails(db, id);
  const domain = await measure(() => getCustomerDetails(db, id));
  const page = http ? await measure(() => http.page(`/admin/customers/${id}`)) : null;
  const data = http ? await measure(() => http.page(`/admin/customers/${id}.data`)) : null;
  if (domain.p95 > BUDGET_MS || (page && page.p95 > BUDGET_MS)) over.push("customer page");
  console.log(
    "  " + "customer page".padEnd(32),
    String(details!.orders.length).padStart(4),
    fmt(domain),
    fmt(page),
    fmt(data),
  );

  // What the triggers add to the shop's own writes: an order placed for this customer, then paid.
  const [customerRow] = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from customers where lower(email) = lower(${email}) limit 1`),
  );
  const write = await measure(async () => {
    await db.transaction(async (tx) => {
      const [order] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into orders (customer_id, total_amount_cents, payment_provider)
                             values (${customerRow!.id}::uuid, 2495, 'local') returning id::text as id`),
      );
      await tx.execute(sql`update orders set payment_status = 'paid', paid_at = now() where id = ${order!.id}::uuid`);
      await tx.execute(sql`delete from orders where id = ${order!.id}::uuid`);
    });
  }, 100);
  console.log(
    "  " + "order placed, paid (and removed)".padEnd(32),
    "    ",
    fmt(write),
    "  (with the summary triggers)",
  );

  await http?.close();
  if (over.length > 0) {
    console.log(`  Over ${BUDGET_MS} ms at p95: ${over.join(", ")}`);
    process.exitCode = 1;
  }
}

/** The production build served in-process, with a signed-in admin: the whole page as the browser gets it. */
async function startHttp(db: Db) {
  const shop = await serveAdminShop(db, "bench-admin-customers");
  return {
    page: async (url: string) => void (await (await shop.get(url)).text()),
    close: shop.close,
  };
}

async function main() {
  console.log(`Customers tab at ${CUSTOMERS} customers, ${ORDERS} orders`);
  if (ONLY !== "postgres") {
    const pglite = await openDatabase({ kind: "pglite", dataDir: PGLITE_DIR });
    await bench(`PGlite (${PGLITE_DIR})`, pglite);
    await pglite.close();
  }
  if (ONLY !== "pglite") {
    await ensurePostgresDatabase(DB_URL);
    const postgres = await openDatabase({ kind: "postgres", url: DB_URL });
    await bench("PostgreSQL", postgres);
    await postgres.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
