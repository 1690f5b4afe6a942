/**
 * Concurrency benchmark (issue 14): anonymous home, category and product pages under
 * BENCH_CONNECTIONS (32) concurrent connections for BENCH_SECONDS (20) each, side by side with a
 * static file server serving the same bytes, in one run on one machine:
 *   - static: express.static with compression (as the shop serves its assets) over the page's HTML;
 *   - shop, page cache on (the production default, server/page-cache.ts);
 *   - shop, page cache off (every request rendered: the database's and React's own cost).
 * The load comes from a worker thread (bench/load-worker.mjs), so it never takes the servers' event
 * loop. A request slower than BENCH_TIMEOUT_MS (10 s) counts as a time-out.
 *
 *   npm run bench:concurrency
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1m BENCH_PRODUCTS=1000000 npm run bench:concurrency
 */
import "./production-env";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { buildApp } from "../tests/support/build";
import { ensureCatalogue, ensurePostgresDatabase, listenOnLoopback, percentile, serveShop } from "./support";

const DB_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10_000);

type LoadResult = { ok: number; failed: number; timedOut: number; bytes: number; times: number[] };

function load(url: string): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./load-worker.mjs", import.meta.url), {
      workerData: { url, connections: CONNECTIONS, seconds: SECONDS, timeoutMs: TIMEOUT_MS },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

async function main() {
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL, poolSize: 10 });
  const { db } = database;
  await ensureCatalogue(db, DB_URL, PRODUCTS);

  const { buildDir, cleanup } = buildApp("bench");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const cached = await serveShop(db, build, buildDir, "5000");
  const uncached = await serveShop(db, build, buildDir, "0");

  // The largest leaf category, and a listed product in it.
  const leaf = rowsOf<{ id: number }>(
    await db.execute(sql`
      select l.category_id as id from listed_product_counts l
      where l.category_id is not null
        and not exists (select 1 from product_categories c where c.parent_id = l.category_id)
      order by l.listed desc limit 1`),
  )[0]!;
  const artNo = rowsOf<{ art_no: number }>(
    await db.execute(sql`select art_no from products where is_listed and category_id = ${leaf.id} limit 1`),
  )[0]!.art_no;
  const pages = [
    { name: "home", path: "/" },
    { name: "category", path: `/products?cat=${leaf.id}` },
    { name: "product", path: `/product/${artNo}` },
  ];

  // The static server serves each page's HTML as a file, with the same compression as the shop.
  const staticDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-bench-static-"));
  for (const page of pages) {
    const html = await (await fetch(uncached.base + page.path)).text();
    mkdirSync(path.join(staticDir, page.name), { recursive: true });
    writeFileSync(path.join(staticDir, page.name, "index.html"), html);
  }
  const staticApp = express();
  staticApp.use(compression());
  staticApp.use(express.static(staticDir));
  const files = await listenOnLoopback(staticApp);

  console.log(
    `\n${PRODUCTS} products; ${CONNECTIONS} connections, ${SECONDS} s each; time-out ${TIMEOUT_MS} ms; category ${leaf.id}.\n`,
  );
  const results = [];
  for (const page of pages) {
    const targets = [
      { server: "static file", url: `${files.base}/${page.name}/` },
      { server: "shop, page cache", url: cached.base + page.path },
      { server: "shop, no page cache", url: uncached.base + page.path },
    ];
    let staticRate = 0;
    for (const target of targets) {
      const r = await load(target.url);
      const rate = r.ok / SECONDS;
      if (target.server === "static file") staticRate = rate;
      const times = r.times.sort((a, b) => a - b);
      const row = {
        page: page.name,
        server: target.server,
        perSecond: Math.round(rate),
        ofStatic: staticRate ? `${((rate / staticRate) * 100).toFixed(1)} %` : "",
        p50: times.length ? percentile(times, 50).toFixed(1) : "-",
        p99: times.length ? percentile(times, 99).toFixed(1) : "-",
        timedOut: r.timedOut,
        failed: r.failed,
        kbPerAnswer: r.ok ? (r.bytes / r.ok / 1024).toFixed(1) : "-",
      };
      results.push(row);
      console.log(
        `${page.name.padEnd(9)} ${target.server.padEnd(20)} ${String(row.perSecond).padStart(6)} req/s ${row.ofStatic.padStart(8)}   p50 ${row.p50.padStart(7)} ms   p99 ${row.p99.padStart(7)} ms   time-outs ${row.timedOut}   failed ${row.failed}   ${row.kbPerAnswer} KB`,
      );
    }
  }

  for (const s of [cached.server, uncached.server, files.server]) {
    s.closeAllConnections();
    s.close();
  }
  rmSync(staticDir, { recursive: true, force: true });
  await database.close();
  cleanup();
  console.log(JSON.stringify({ products: PRODUCTS, connections: CONNECTIONS, seconds: SECONDS, results }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
