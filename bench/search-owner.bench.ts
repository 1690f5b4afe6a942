/**
 * The owner's search tools on the search path (issue 30 items 9 and 10, ADR 0044): what the synonyms'
 * rewrite and the search report's count add to a search.
 *
 * 1. rewriteQuery with 1 000 synonyms in memory (the cached case every search takes).
 * 2. recordSearch, the report's one upsert, sequentially on PostgreSQL and on PGlite, over a mix of
 *    200 queries (so most upserts hit an existing row, as a popular query does).
 * 3. The results page over HTTP (production build, page cache off), requests alternating between this
 *    build and, when BENCH_BASELINE_BUILD names one, a build without these changes (e.g. main's), on
 *    the same database: the difference is what the rewrite and the count cost the page.
 *
 *   node --import tsx bench/search-owner.bench.ts
 *   BENCH_SEARCH_OWNER_DATABASE_URL=… BENCH_PRODUCTS=20000 BENCH_REQUESTS=200 BENCH_BASELINE_BUILD=/path/build …
 */
import "./production-env";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { searchSynonyms, searchWeekQueries } from "../app/db/schema";
import { recordSearch } from "../app/features/search-report/index.server";
import { rewriteQuery } from "../app/features/search-synonyms/index.server";
import { buildApp } from "../tests/support/build";
import { ensureCatalogue, ensurePostgresDatabase, percentile, serveShop } from "./support";

const DB_URL =
  process.env.BENCH_SEARCH_OWNER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_search_owner";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const BASELINE = process.env.BENCH_BASELINE_BUILD;

const QUERIES = Array.from({ length: 200 }, (_, i) => `zoekterm ${i % 7 === 0 ? "ketting" : `woord${i}`}`);
const TERMS = ["ketting", "zadel", "band", "shimano", "remblok", "bidon", "helm", "pomp", "olie", "kabel"];

const ms = (n: number) => n.toFixed(2).padStart(8);
function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} p50 ${ms(percentile(sorted, 50))} ms   p95 ${ms(percentile(sorted, 95))} ms`);
}

async function timeEach(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times;
}

async function withSynonyms(db: Db) {
  await db.delete(searchSynonyms);
  await db
    .insert(searchSynonyms)
    .values(Array.from({ length: 1000 }, (_, i) => ({ term: `synoniem${i}`, replacement: `vervanging${i}` })));
}

async function rewriteAndCount(db: Db, label: string) {
  await withSynonyms(db);
  await rewriteQuery(db, "warm");
  const started = performance.now();
  const calls = 100_000;
  for (let i = 0; i < calls; i++) await rewriteQuery(db, i % 2 ? "shimano synoniem500 ketting" : "zadel");
  console.log(
    `${`${label}: rewriteQuery, 1 000 synonyms, cached`.padEnd(58)} ${(((performance.now() - started) * 1000) / calls).toFixed(2)} µs a call`,
  );
  await db.delete(searchWeekQueries);
  await timeEach(50, (i) => recordSearch(db, QUERIES[i % QUERIES.length]!, i % 3));
  summary(
    `${label}: recordSearch (one upsert)`,
    await timeEach(REQUESTS * 5, (i) => recordSearch(db, QUERIES[i % QUERIES.length]!, i % 3)),
  );
  await db.delete(searchSynonyms);
}

async function main() {
  console.log(`search-owner bench: ${PRODUCTS} products, ${REQUESTS} requests per row`);
  const pglite = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  await rewriteAndCount(pglite.db, "PGlite");
  await pglite.close();

  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL, poolSize: 10 });
  await rewriteAndCount(database.db, "PostgreSQL");
  await ensureCatalogue(database.db, DB_URL, PRODUCTS);

  const { buildDir, cleanup } = buildApp("bench");
  const shops: { label: string; base: string; close: () => void }[] = [];
  for (const [label, dir] of [["this build", buildDir], ...(BASELINE ? [["baseline build", BASELINE]] : [])] as const) {
    const build = (await import(path.join(dir, "server/index.js"))) as ServerBuild;
    const { server, base } = await serveShop(database.db, build, dir, "0");
    shops.push({ label, base, close: () => server.close() });
  }
  const url = (i: number) => `/products?q=${encodeURIComponent(TERMS[i % TERMS.length]!)}`;
  for (const shop of shops) for (let i = 0; i < 20; i++) await (await fetch(shop.base + url(i))).text();
  const times = new Map<string, number[]>(shops.map((s) => [s.label, []]));
  for (let i = 0; i < REQUESTS; i++) {
    for (const shop of i % 2 ? [...shops].reverse() : shops) {
      const started = performance.now();
      const res = await fetch(shop.base + url(i));
      await res.text();
      times.get(shop.label)!.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${shop.label}: ${url(i)} answered ${res.status}`);
    }
  }
  for (const shop of shops) summary(`results page /products?q=…, ${shop.label}`, times.get(shop.label)!);
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from search_week_queries`),
  ) as [{ n: number }];
  console.log(`search_week_queries rows after the run: ${n}`);
  for (const shop of shops) shop.close();
  cleanup();
  await database.close();
}

await main();
