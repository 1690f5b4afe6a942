/**
 * Catalogue benchmark (brief §7): seeds 100 000 products on PostgreSQL, serves the production build
 * in-process and measures server response times over loopback for
 *   - a category page with two filters, facet counts and a sort,
 *   - a product page,
 *   - search suggestions,
 * and the gzip size of the JavaScript a product page loads.
 *
 *   npm run bench                        # uses postgres://postgres@127.0.0.1:5432/trapkracht_bench
 *   BENCH_DATABASE_URL=… BENCH_PRODUCTS=100000 BENCH_REQUESTS=300 npm run bench
 *   BENCH_ONLY="plurals|two words" …    # only the rows whose label matches
 */
import "./production-env";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../app/db/client.server";
import { CATEGORY_IDS } from "../app/features/catalogue/category-ids";
import { rowsOf } from "../app/db/rows.server";
import { buildApp } from "../tests/support/build";
import { pageJavaScript } from "./page-js";
import { asShoppersType, pluralTerms, resultTerms, twoWordTerms, typoTerms } from "./search-terms";
import { ensureCatalogue, ensurePostgresDatabase, serveShop, timeRequests } from "./support";

const DB_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 30;
/** BENCH_ONLY=<regex>: time only the rows whose label matches (e.g. "plurals|two words"). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

async function measure(label: string, urls: string[]) {
  if (ONLY && !ONLY.test(label)) return { label, p50: "-", p95: "-", n: 0 };
  return timeRequests(label, urls, { warmup: WARMUP, requests: REQUESTS });
}

async function main() {
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL });
  const { db } = database;
  await ensureCatalogue(db, DB_URL, PRODUCTS);

  const { buildDir, cleanup } = buildApp("bench");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  // Every request rendered: these figures are the pages' own cost (the page cache has its own
  // benchmark, bench/concurrency.bench.ts).
  const { server, base } = await serveShop(db, build, buildDir, "0");

  // The largest leaf category with a colour filter, and its two most common brands and colours.
  const leaf = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`
      select p.category_id as id, count(*)::int as n from products p
      where p.is_listed and not exists (select 1 from product_categories c where c.parent_id = p.category_id)
        and exists (select 1 from category_filters f where f.category_id = p.category_id and f.filter_type_id = 2 and f.is_active)
      group by p.category_id order by n desc limit 1`),
  )[0]!;
  const top = async (column: string) =>
    rowsOf<{ v: string }>(
      await db.execute(
        sql`select ${sql.raw(column)} as v from products where is_listed and category_id = ${leaf.id}
            and ${sql.raw(column)} is not null group by 1 order by count(*) desc limit 2`,
      ),
    ).map((r) => encodeURIComponent(r.v));
  const brands = await top("brand");
  const colours = await top("colour");
  const categoryUrls = [1, 2, 3].map(
    (page) =>
      `${base}/products?cat=${leaf.id}&filter_1=${brands.join(",")}&filter_2=${colours[0]}&sort=price-asc&page=${page}`,
  );
  const artNos = rowsOf<{ art_no: number }>(
    await db.execute(sql`select art_no from products where is_listed order by art_no limit 2000`),
  ).filter((_, i) => i % 10 === 0);
  const productUrls = artNos.map((r) => `${base}/product/${r.art_no}`);
  // Common words and rare ones, short and long, brands, types and an article number (issue 14: ≥ 20).
  const terms = [
    "ke",
    "ketting",
    "band",
    "shimano",
    "gel",
    "remblok",
    "zadel",
    "fietsolie",
    "ca",
    "energie",
    "continental",
    "binnenband",
    "schwalbe",
    "reep",
    "pomp",
    "cassette",
    "zwart",
    "700x25c",
    "citroen",
    "sram",
    "vouwband",
    "10012",
  ];
  const searchUrls = terms.map((t) => `${base}/api/search-suggestions?q=${encodeURIComponent(t)}`);
  const lastPage = Math.max(1, Math.ceil(leaf.n / 20));
  const deepPage = Math.min(200, lastPage);

  // What "Volgende" on the page before links to: the next page read on from its last product (na).
  const nextOf = async (url: string) => {
    const tag = /<a\b[^>]*rel="next"[^>]*>/.exec(await (await fetch(url)).text())?.[0];
    const href = tag && /href="([^"]+)"/.exec(tag)?.[1];
    if (!href?.includes("na=")) throw new Error(`no Volgende link with na on ${url}`);
    return `${base}${href.replace(/&amp;/g, "&")}`;
  };
  const viaNext = await nextOf(`${base}/products?cat=${leaf.id}&sort=price-desc&page=${Math.max(1, lastPage - 1)}`);

  console.log(`\nCatalogue: ${PRODUCTS} products; category ${leaf.id} holds ${leaf.n} listed products.\n`);
  const results = [
    await measure("category page, 2 filters + facets + sort", categoryUrls),
    await measure(
      "category page, default sort",
      [1, 2, 3].map((page) => `${base}/products?cat=${leaf.id}&page=${page}`),
    ),
    await measure(`category page, page ${deepPage}`, [`${base}/products?cat=${leaf.id}&page=${deepPage}`]),
    await measure(
      "category page, name A-Z + 2 filters",
      [1, 2, 3].map(
        (page) =>
          `${base}/products?cat=${leaf.id}&filter_1=${brands.join(",")}&filter_2=${colours[0]}&sort=name-asc&page=${page}`,
      ),
    ),
    await measure(`category page, name Z-A, page ${deepPage}`, [
      `${base}/products?cat=${leaf.id}&sort=name-desc&page=${deepPage}`,
    ]),
    // The deepest page of each order's walk (issue 14: "any sort … and page number").
    await measure(`category page, price high-low, page ${lastPage}`, [
      `${base}/products?cat=${leaf.id}&sort=price-desc&page=${lastPage}`,
    ]),
    await measure(`category page, price high-low, page ${lastPage} via Volgende`, [viaNext]),
    await measure("parent category page", [`${base}/products?cat=${CATEGORY_IDS.bicycleParts}`]),
    await measure(
      "search results page",
      resultTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}`),
    ),
    await measure(
      "search results page, page 10, Z-A",
      resultTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}&sort=name-desc&page=10`),
    ),
    // A search results page as the others (≤ 100 ms): the price orders walk the price blocks (ADR 0025),
    // also for a term whose matches one end of the price order lacks ("zadel" low-high, "gel" high-low).
    await measure(
      "search results page, price low-high",
      resultTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}&sort=price-asc`),
    ),
    await measure(
      "search results page, price high-low",
      resultTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}&sort=price-desc`),
    ),
    // In categories (/products?q=…&cat=…): the leaf category, which holds many of some terms and none
    // of others, and the parent (fietsonderdelen, 16 categories), in the default and a price order.
    await measure(
      "search results page in a category",
      [leaf.id, CATEGORY_IDS.bicycleParts].flatMap((cat) =>
        resultTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}&cat=${cat}`),
      ),
    ),
    await measure(
      "search results page in a category, price low-high",
      [leaf.id, CATEGORY_IDS.bicycleParts].flatMap((cat) =>
        resultTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}&cat=${cat}&sort=price-asc`),
      ),
    ),
    await measure(
      "search results page, plurals",
      pluralTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}`),
    ),
    await measure(
      "search results page, two words",
      twoWordTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}`),
    ),
    await measure(
      "search results page, typos",
      typoTerms.map((t) => `${base}/products?q=${encodeURIComponent(t)}`),
    ),
    await measure("product page", productUrls),
    await measure(`search suggestions (${terms.length} terms)`, searchUrls),
    await measure(
      `search suggestions, plurals/two words/typos (${asShoppersType.length})`,
      asShoppersType.map((t) => `${base}/api/search-suggestions?q=${encodeURIComponent(t)}`),
    ),
    await measure("sitemap page", [`${base}/sitemap.xml?page=2`]),
  ];

  const js = await pageJavaScript(base, new URL(productUrls[0]!).pathname);
  console.log(`\nproduct page JavaScript: ${js.files.length} files, ${js.gzipKb.toFixed(1)} KB gzip`);

  server.closeAllConnections();
  server.close();
  await database.close();
  cleanup();
  console.log(JSON.stringify({ results, productPageJsGzipKb: js.gzipKb }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
