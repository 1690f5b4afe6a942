/**
 * Product Management benchmark (issue 9): the admin's product table at 1 000 000 products on
 * PostgreSQL — the first page, deep pages (keyset on ArtNo: page 10 000 and the last page),
 * ArtNo exact/prefix, brand and description searches, and a page deep into a search. Measures the
 * domain call (the database's share of the loader). Budget: 100 ms p95 for every scenario.
 *
 * Issue 29 (ADR 0034) adds the filters: category, status, on offer, out of stock, low stock and
 * combinations, each measured as the loader runs them (the condition, the page AND the total), with
 * the design brief's 300 ms p95; then a CSV export of the whole catalogue and of a filter (time and
 * the process's peak RSS), and one bulk price change on a filter.
 *
 *   npm run bench:admin-products   # postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_products
 *   BENCH_ADMIN_PRODUCTS_DATABASE_URL=… BENCH_PRODUCT_COUNT=1000000 BENCH_REQUESTS=200 npm run bench:admin-products
 *
 * The first run seeds the database with generate_series (a few minutes at 1M, most of it building
 * the trigram indexes); later runs reuse it. It also prints EXPLAIN of the deep page and a search.
 */
import "./production-env";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { searchAdminProducts } from "../app/features/admin-products/products-admin.server";
import { parseProductListFilters } from "../app/features/admin-products";
import {
  countProducts,
  exportProductsCsv,
  listProducts,
  productFilterCondition,
  runBulkAction,
} from "../app/features/admin-products/index.server";
import { FIRST_ART_NO, seedAdminProducts } from "./seed-admin";
import { ensurePostgresDatabase, percentile } from "./support";

const DB_URL =
  process.env.BENCH_ADMIN_PRODUCTS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_admin_products";
const PRODUCTS = Number(process.env.BENCH_PRODUCT_COUNT ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_MS = 100;
const FILTER_BUDGET_MS = 300;

/**
 * Stock for 19 in 20 products (the 20th has no stock row: unknown): quantity (i × 7) mod 100 − 1, so
 * about 2 % are out of stock (−1 or 0) and 5 % low (1 to 5).
 */
async function seedStock(db: Db) {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock`));
  if (n > 0) return;
  console.log("seeding stock…");
  const started = Date.now();
  const batch = 100_000;
  for (let from = 0; from < PRODUCTS; from += batch) {
    const to = Math.min(PRODUCTS, from + batch) - 1;
    await db.execute(sql`
      insert into stock (art_no, quantity)
      select ${FIRST_ART_NO}::int + i, (i * 7) % 100 - 1
      from generate_series(${from}::int, ${to}::int) i where i % 20 <> 19`);
  }
  await db.execute(sql`vacuum (analyze) stock`);
  await db.execute(sql`vacuum (analyze) products`);
  console.log(`stock seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** What the tab's loader does for a filter: the condition, the page and the total. */
async function filteredPage(db: Db, query: string, after: number | null = null) {
  const where = await productFilterCondition(db, parseProductListFilters(new URLSearchParams(query)));
  const page = await listProducts(db, where, { after });
  const total = await countProducts(db, where);
  return { rows: page.rows, nextAfter: page.nextAfter, total };
}

async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL });
  const db = database.db;
  await seedAdminProducts(db, PRODUCTS);
  await seedStock(db);
  // Index-only scans need a current visibility map (the first run's indexes come with the migration).
  await db.execute(sql`vacuum (analyze) products`);
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products`));
  const last = FIRST_ART_NO + n - 1;

  // A page deep into a search: follow the cursor 20 pages along "shimano".
  let cursor: number | null = null;
  for (let i = 0; i < 20; i++) {
    const page: Awaited<ReturnType<typeof searchAdminProducts>> = await searchAdminProducts(db, {
      search: "shimano",
      after: cursor,
    });
    cursor = page.nextAfter;
  }

  const scenarios: [string, () => Promise<{ rows: unknown[] }>][] = [
    ["first page", () => searchAdminProducts(db, { search: "" })],
    ["page 10 000 (after=…)", () => searchAdminProducts(db, { search: "", after: FIRST_ART_NO + 50 * 9_999 - 1 })],
    ["last page (before=…)", () => searchAdminProducts(db, { search: "", before: last + 1 })],
    ["ArtNo exact", () => searchAdminProducts(db, { search: String(FIRST_ART_NO + 654_321) })],
    ["ArtNo prefix (4 digits)", () => searchAdminProducts(db, { search: "1234" })],
    ["brand 'shimano' (1 in 20)", () => searchAdminProducts(db, { search: "shimano" })],
    ["brand 'selle italia'", () => searchAdminProducts(db, { search: "selle italia" })],
    ["description 'kettingolie gravel'", () => searchAdminProducts(db, { search: "kettingolie gravel" })],
    ["description '996-88' (rare)", () => searchAdminProducts(db, { search: "996-88" })],
    ["no match 'qqqzzz'", () => searchAdminProducts(db, { search: "qqqzzz" })],
    ["'shimano' page 21 (after=…)", () => searchAdminProducts(db, { search: "shimano", after: cursor })],
  ];

  console.log(`\n${n} products, ${REQUESTS} runs each, budget p95 ${BUDGET_MS} ms\n`);
  console.log("scenario".padEnd(36), "rows", "  p50 ms", "  p95 ms");
  let over = 0;
  // BENCH_ONLY=filters runs only issue 29's part (filters, export, bulk).
  for (const [name, run] of process.env.BENCH_ONLY === "filters" ? [] : scenarios) {
    const rows = (await run()).rows.length;
    const { p50, p95 } = await measure(run);
    if (p95 > BUDGET_MS) over++;
    console.log(
      name.padEnd(36),
      String(rows).padStart(4),
      p50.toFixed(1).padStart(8),
      p95.toFixed(1).padStart(8),
      p95 > BUDGET_MS ? " OVER" : "",
    );
  }

  // Issue 29: the filters, each with its total, as the loader runs them.
  let catCursor: number | null = null;
  for (let i = 0; i < 50; i++) catCursor = (await filteredPage(db, "cat=7", catCursor)).nextAfter;
  const filterScenarios: [string, string, number | null][] = [
    ["no filter (page + total)", "", null],
    ["cat=7 (2 %)", "cat=7", null],
    ["cat=7 page 51", "cat=7", catCursor],
    ["status=active (90 %)", "status=active", null],
    ["status=inactive (10 %)", "status=inactive", null],
    ["offer=1 (11 %)", "offer=1", null],
    ["stock=out (2 %)", "stock=out", null],
    ["stock=low (5 %)", "stock=low", null],
    ["cat=11&status=inactive (20 % of it)", "cat=11&status=inactive", null],
    ["cat=7&status=inactive (none)", "cat=7&status=inactive", null],
    ["offer=1&stock=low", "offer=1&stock=low", null],
    ["status=inactive&offer=1", "status=inactive&offer=1", null],
    ["cat=7&stock=out", "cat=7&stock=out", null],
    ["q=996-&stock=low (rare term)", "q=996-&stock=low", null],
    ["q=996-&cat=7&offer=1", "q=996-&cat=7&offer=1", null],
    // A term in 1 of 15 descriptions: the search's own cost (ADR 0017/0022), with or without filters.
    ["q=kettingolie&stock=low (common term)", "q=kettingolie&stock=low", null],
    ["cat=7&status=inactive&offer=1&stock=out", "cat=7&status=inactive&offer=1&stock=out", null],
  ];
  console.log(`\nfilters (page + total), budget p95 ${FILTER_BUDGET_MS} ms\n`);
  console.log("filter".padEnd(42), "rows", "  total", "       p50 ms", "  p95 ms");
  for (const [name, query, after] of filterScenarios) {
    const first = await filteredPage(db, query, after);
    const { p50, p95 } = await measure(() => filteredPage(db, query, after));
    if (p95 > FILTER_BUDGET_MS) over++;
    const total = `${first.total.exact ? "" : first.total.moreThan ? ">" : "~"}${first.total.count}`;
    console.log(
      name.padEnd(42),
      String(first.rows.length).padStart(4),
      total.padStart(9),
      p50.toFixed(1).padStart(10),
      p95.toFixed(1).padStart(8),
      p95 > FILTER_BUDGET_MS ? " OVER" : "",
    );
  }

  // CSV export: the whole catalogue and a filter, streamed and counted, with the peak RSS.
  for (const query of ["", "status=inactive"]) {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const started = performance.now();
    const stream = await exportProductsCsv(db, parseProductListFilters(new URLSearchParams(query)), (error) => {
      throw error;
    });
    const reader = stream.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines++;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    console.log(
      `\nCSV export ${query || "(all)"}: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${(rssBefore / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB`,
    );
  }

  // One bulk price change on a filter (+1 %), as one transaction with its change-log entry.
  {
    const filters = parseProductListFilters(new URLSearchParams("offer=1&stock=low"));
    const started = performance.now();
    const outcome = await runBulkAction(
      db,
      { id: "bench", email: "bench@trapkracht.test" },
      { kind: "filter", filters },
      { kind: "price", change: { mode: "percent", basisPoints: 100 } },
    );
    console.log(
      `\nbulk +1 % on offer=1&stock=low: ${outcome.ok ? `${outcome.changed} products` : outcome.message} in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
  }

  for (const [label, query] of [
    [
      "deep page",
      sql`explain (analyze, buffers) select art_no from products where art_no > ${FIRST_ART_NO + 499_949} order by art_no limit 51`,
    ],
    [
      "brand search",
      sql`explain (analyze, buffers) select art_no from products where lower(brand) like '%selle italia%' or lower(short_description) like '%selle italia%' order by art_no limit 51`,
    ],
  ] as const) {
    const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(query));
    console.log(`\nEXPLAIN ${label}:\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
  await database.close();
  if (over) {
    console.log(`\n${over} scenario(s) over budget`);
    process.exitCode = 1;
  }
}

void main();
