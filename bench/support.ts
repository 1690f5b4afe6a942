import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createServer, type Server } from "node:http";
import type { Express } from "express";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/shared/config/env.server";
import type { Db } from "../app/db/client.server";
import { createLogger } from "../app/shared/logging/logger.server";
import { createApp } from "../server/app";
import { createOrPromoteAdmin } from "../app/features/admin-users/admin-accounts.server";
import { createAuth } from "../app/features/accounts/auth.server";
import { buildApp } from "../tests/support/build";
import { cookieHeaderFrom } from "../tests/support/users";
import { rowsOf } from "../app/db/rows.server";
import { refreshSearchBlocks } from "../app/features/search/index.server";

/** The value at percentile `p` (0–100) of an ascending list of timings (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type TimedRow = { label: string; p50: string; p95: string; n: number };

/**
 * GETs the URLs in turn (`warmup` untimed, then `requests` timed, each read to its end), fails on any
 * status but 200, prints and returns p50 and p95 in ms.
 */
export async function timeRequests(
  label: string,
  urls: string[],
  { warmup, requests }: { warmup: number; requests: number },
): Promise<TimedRow> {
  for (let i = 0; i < warmup; i++) await (await fetch(urls[i % urls.length]!)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await fetch(urls[i % urls.length]!);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label}: ${urls[i % urls.length]} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = { label, p50: percentile(times, 50).toFixed(1), p95: percentile(times, 95).toFixed(1), n: requests };
  console.log(`${label.padEnd(44)} p50 ${row.p50.padStart(6)} ms   p95 ${row.p95.padStart(6)} ms   (n=${row.n})`);
  return row;
}

/** Drops and creates the PostgreSQL database named by `databaseUrl`, so a benchmark starts empty. */
export async function recreatePostgresDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

/** Creates the PostgreSQL database named by `databaseUrl` when it does not exist yet. */
export async function ensurePostgresDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

/**
 * Seeds the demo catalogue with `products` products (scripts/seed.ts) unless the database holds that
 * many already, then vacuums: the benchmarks measure the steady state autovacuum leaves (dead rows
 * from earlier runs, tests or migrations stop index-only scans until the next vacuum).
 */
export async function ensureCatalogue(db: Db, databaseUrl: string, products: number): Promise<void> {
  const count = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products`))[0]!.n;
  if (count < products) {
    console.log(`Seeding ${products} products (found ${count})…`);
    const started = performance.now();
    execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--products", String(products), "--reset"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: "inherit",
    });
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // A migration may have left blocks dirty (0041 marks them all): the server's job would
  // summarise them within a minute; the benchmark measures the summarised state.
  const { names, prices, categories } = await refreshSearchBlocks(db);
  if (names.refreshed || prices.refreshed || categories.refreshed) {
    console.log(
      `Blocks summarised: ${names.refreshed} name, ${prices.refreshed} price, ${categories.refreshed} category`,
    );
  }
  await db.execute(
    sql`VACUUM (ANALYZE) products, product_search, listing_stock_order, stock, search_blocks, price_blocks, category_blocks`,
  );
}

/**
 * The production build served in-process on a loopback port, as the benchmarks measure it.
 * pageCacheTtlMs "0" renders every request (a page's own cost); "5000" is the production default.
 */
export function serveShop(db: Db, build: ServerBuild, buildDir: string, pageCacheTtlMs: string) {
  const app = createApp({
    db,
    config: loadConfig({
      NODE_ENV: "production",
      PORT: "0",
      SEED_DEMO: "false",
      AUTH_SECRET: "bench-secret-0123456789-abcdefghijklmnop",
      PAGE_CACHE_TTL_MS: pageCacheTtlMs,
    }),
    logger: createLogger("silent"),
    build,
    clientDir: path.join(buildDir, "client"),
  });
  return listenOnLoopback(app);
}

/** Listens on a free loopback port; `base` is the address to ask. */
export function listenOnLoopback(app: Express): Promise<{ server: Server; base: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

/**
 * The production build served in-process with a signed-in admin (the admin benchmarks): `get` fetches
 * a path with the admin's cookie and fails on anything but 200, so a figure is always of the real page.
 */
export async function serveAdminShop(db: Db, buildName: string) {
  const logger = createLogger("silent");
  const { buildDir, cleanup } = buildApp(buildName);
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
    get: async (pathname: string): Promise<Response> => {
      const res = await fetch(`${base}${pathname}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${pathname}: HTTP ${res.status}`);
      return res;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      cleanup();
    },
  };
}
