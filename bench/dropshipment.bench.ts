/**
 * Dropshipment benchmark (issue 8): 200 orders placed and paid through the shop's real HTTP
 * checkout and local payment page on PostgreSQL, while two app instances' background workers (as
 * server.ts runs them, polling every second) send them to the built-in test supplier over HTTP.
 * Reports the time from payment (orders.paid_at) to `completed` (the job's finished_at) p50/p95,
 * and checks that every paid order reached the supplier exactly once.
 *
 *   npm run bench:dropshipment      # uses postgres://postgres@127.0.0.1:5432/trapkracht_bench_dropship (recreated)
 *   BENCH_ORDERS=200 BENCH_INSTANCES=2 BENCH_DROPSHIP_DATABASE_URL=… npm run bench:dropshipment
 */
import "./production-env";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/shared/config/env.server";
import { openDatabase } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server";
import { createBackgroundJobs } from "../server/job-registry";
import { createPaymentProvider } from "../app/features/payments/provider.server";
import { createLogger } from "../app/shared/logging/logger.server";
import { createApp } from "../server/app";
import { buildApp } from "../tests/support/build";
import { percentile, recreatePostgresDatabase } from "./support";

const DB_URL =
  process.env.BENCH_DROPSHIP_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_dropship";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
/** Give up waiting for the last orders after this long (nothing should take near it). */
const DRAIN_LIMIT_MS = 5 * 60_000;

async function main() {
  await recreatePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL });
  const { db } = database;
  const logger = createLogger("silent");
  await seedDemoIfEmpty(db, logger);
  const artNos = rowsOf<{ art_no: number }>(
    await db.execute(sql`
      select p.art_no from products p join stock s on s.art_no = p.art_no
      where p.is_listed and s.quantity > 0 order by p.art_no limit 30`),
  ).map((r) => r.art_no);
  await db.execute(sql`update stock set quantity = 1000000 where art_no in ${sql.raw(`(${artNos.join(",")})`)}`);

  const { buildDir, cleanup } = buildApp("bench-dropship");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No SUPPLIER_API_URL: orders go to the built-in test supplier of this same app, over HTTP.
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: "0",
    SEED_DEMO: "false",
    PUBLIC_URL: base,
    AUTH_SECRET: "bench-secret-0123456789-abcdefghijklmnop",
  });
  server.on("request", createApp({ db, config, logger, build, clientDir: path.join(buildDir, "client") }));
  const payments = createPaymentProvider({ db, config, logger });
  const instances = Array.from({ length: INSTANCES }, () => createBackgroundJobs({ db, config, logger, payments }));
  for (const instance of instances) instance.worker.start();

  const post = (p: string, fields: Record<string, string>, ip: string) =>
    fetch(base + p, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": ip },
      body: new URLSearchParams(fields).toString(),
    });

  const started = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    const ip = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const items = [0, 1, 2]
      .slice(0, 1 + (i % 3))
      .map((k) => ({ artNo: artNos[(i + k * 7) % artNos.length]!, quantity: 1 + (k % 2) }));
    const placed = await post(
      "/checkout",
      {
        intent: "place",
        checkoutToken: randomUUID(),
        items: JSON.stringify(items),
        couponCode: "",
        firstName: "Bench",
        lastName: `Klant ${i}`,
        email: `bench${i}@example.nl`,
        phone: "0612345678",
        address: "Fietsstraat",
        houseNumber: String(1 + (i % 90)),
        houseNumberAddition: i % 5 === 0 ? "A" : "",
        postalCode: "1234 AB",
        city: "Utrecht",
      },
      ip,
    );
    const payUrl = placed.headers.get("location");
    if (placed.status !== 303 || !payUrl?.includes("/betaalpagina/")) {
      throw new Error(`order ${i}: place answered ${placed.status} ${payUrl ?? (await placed.text()).slice(0, 300)}`);
    }
    // "Betalen" on the local page confirms the payment server-side (and enqueues the dropshipment).
    const paid = await post(new URL(payUrl, base).pathname, { intent: "pay", method: "ideal", bank: "ING" }, ip);
    if (!paid.headers.get("location")?.includes("/checkout/success")) {
      throw new Error(`order ${i}: payment answered ${paid.status}`);
    }
  }
  const placedSeconds = (performance.now() - started) / 1000;

  const pending = async () =>
    rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from orders where payment_status = 'paid' and dropshipment_status <> 'completed'`,
      ),
    )[0]!.n;
  const drainStarted = performance.now();
  while ((await pending()) > 0 && performance.now() - drainStarted < DRAIN_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const totalSeconds = (performance.now() - started) / 1000;
  await Promise.all(instances.map((instance) => instance.stop(5_000)));

  const latencies = rowsOf<{ ms: number }>(
    await db.execute(sql`
      select extract(epoch from (j.finished_at - o.paid_at)) * 1000 as ms
      from orders o join jobs j on j.singleton_key = 'dropshipment:' || o.id
      where o.payment_status = 'paid' and o.dropshipment_status = 'completed' and j.status = 'completed'`),
  )
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const [counts] = rowsOf<{
    paid: number;
    completed: number;
    supplier_orders: number;
    distinct_references: number;
    matching: number;
    retried: number;
  }>(
    await db.execute(sql`
      select
        (select count(*)::int from orders where payment_status = 'paid') as paid,
        (select count(*)::int from orders where dropshipment_status = 'completed') as completed,
        (select count(*)::int from test_supplier_orders) as supplier_orders,
        (select count(distinct reference)::int from test_supplier_orders) as distinct_references,
        (select count(*)::int from orders o join test_supplier_orders t
           on t.reference = o.id::text and t.supplier_reference = o.dropshipment_reference) as matching,
        (select count(*)::int from jobs where queue = 'dropshipment' and attempts > 1) as retried`),
  );
  const c = counts!;
  const once = c.paid === ORDERS && c.completed === ORDERS && c.supplier_orders === ORDERS && c.matching === ORDERS;
  const result = {
    orders: ORDERS,
    instances: INSTANCES,
    paid: c.paid,
    completed: c.completed,
    supplierOrders: c.supplier_orders,
    distinctReferences: c.distinct_references,
    matchingReferences: c.matching,
    retriedJobs: c.retried,
    paymentToCompletedP50Ms: +percentile(latencies, 50).toFixed(1),
    paymentToCompletedP95Ms: +percentile(latencies, 95).toFixed(1),
    paymentToCompletedMaxMs: +latencies[latencies.length - 1]!.toFixed(1),
    placeAndPaySeconds: +placedSeconds.toFixed(1),
    totalSeconds: +totalSeconds.toFixed(1),
  };
  console.log(
    `${ORDERS} orders paid in ${placedSeconds.toFixed(1)} s, all at the supplier after ${totalSeconds.toFixed(1)} s ` +
      `(${INSTANCES} instances): payment → completed p50 ${result.paymentToCompletedP50Ms} ms, ` +
      `p95 ${result.paymentToCompletedP95Ms} ms; supplier orders ${c.supplier_orders} for ${c.paid} paid orders ` +
      `(${c.matching} matching references) — ${once ? "each exactly once" : "NOT exactly once"}`,
  );
  console.log(JSON.stringify(result));
  server.closeAllConnections();
  server.close();
  await database.close();
  cleanup();
  if (!once) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
