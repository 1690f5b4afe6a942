/**
 * Order benchmark (issue 4): places 200 orders through the checkout's real HTTP action with the local
 * test payment provider against PostgreSQL, pays each on the local payment page and opens the success
 * page (which confirms the payment). Reports orders per second for the whole journey and p50/p95 of the
 * place-order step (validation, server-side quote, coupon lock, customer, address, order and items in
 * one transaction, then the payment session).
 *
 *   npm run bench:orders            # uses postgres://postgres@127.0.0.1:5432/trapkracht_bench_orders (recreated)
 *   BENCH_ORDERS=200 BENCH_ORDERS_DATABASE_URL=… npm run bench:orders
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
import { createLogger } from "../app/shared/logging/logger.server";
import { createApp } from "../server/app";
import { buildApp } from "../tests/support/build";
import { percentile, recreatePostgresDatabase } from "./support";

const DB_URL = process.env.BENCH_ORDERS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_orders";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);

async function main() {
  await recreatePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL });
  const { db } = database;
  const logger = createLogger("silent");
  await seedDemoIfEmpty(db, logger);
  // Enough stock for every order: the benchmark measures placing orders, not running out.
  const artNos = rowsOf<{ art_no: number }>(
    await db.execute(sql`
      select p.art_no from products p join stock s on s.art_no = p.art_no
      where p.is_listed and s.quantity > 0 order by p.art_no limit 30`),
  ).map((r) => r.art_no);
  await db.execute(sql`update stock set quantity = 1000000 where art_no in ${sql.raw(`(${artNos.join(",")})`)}`);

  const { buildDir, cleanup } = buildApp("bench-orders");
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
  server.on("request", createApp({ db, config, logger, build, clientDir: path.join(buildDir, "client") }));

  const post = (p: string, fields: Record<string, string>, ip: string) =>
    fetch(base + p, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": ip },
      body: new URLSearchParams(fields).toString(),
    });

  const placeTimes: number[] = [];
  const started = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    // One shopper per order (own address, so the per-IP limit on placing orders does not apply).
    const ip = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const items = [0, 1, 2]
      .slice(0, 1 + (i % 3))
      .map((k) => ({ artNo: artNos[(i + k * 7) % artNos.length]!, quantity: 1 + (k % 2) }));
    const t0 = performance.now();
    const placed = await post(
      "/checkout",
      {
        intent: "place",
        checkoutToken: randomUUID(),
        items: JSON.stringify(items),
        couponCode: i % 4 === 0 ? "ZOMER10" : "",
        firstName: "Bench",
        lastName: `Klant ${i}`,
        email: `bench${i}@example.nl`,
        phone: "",
        address: "Fietsstraat",
        houseNumber: String(1 + (i % 90)),
        houseNumberAddition: "",
        postalCode: "1234 AB",
        city: "Utrecht",
      },
      ip,
    );
    placeTimes.push(performance.now() - t0);
    const payUrl = placed.headers.get("location");
    if (placed.status !== 303 || !payUrl?.includes("/betaalpagina/")) {
      throw new Error(`order ${i}: place answered ${placed.status} ${payUrl ?? (await placed.text()).slice(0, 300)}`);
    }
    const paid = await post(new URL(payUrl, base).pathname, { intent: "pay", method: "ideal", bank: "ING" }, ip);
    const successUrl = paid.headers.get("location");
    if (!successUrl?.includes("/checkout/success")) throw new Error(`order ${i}: payment answered ${paid.status}`);
    const success = await fetch(new URL(successUrl, base), { headers: { "x-forwarded-for": ip } });
    await success.arrayBuffer();
    if (success.status !== 200) throw new Error(`order ${i}: success page answered ${success.status}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const paidOrders = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where payment_status = 'paid'`),
  )[0]!.n;
  placeTimes.sort((a, b) => a - b);
  const result = {
    orders: ORDERS,
    paidOrders,
    ordersPerSecond: +(ORDERS / seconds).toFixed(1),
    placeOrderP50Ms: +percentile(placeTimes, 50).toFixed(1),
    placeOrderP95Ms: +percentile(placeTimes, 95).toFixed(1),
  };
  console.log(
    `${ORDERS} orders placed, paid and confirmed in ${seconds.toFixed(1)} s: ${result.ordersPerSecond} orders/s; ` +
      `place-order p50 ${result.placeOrderP50Ms} ms, p95 ${result.placeOrderP95Ms} ms; paid in the database: ${paidOrders}`,
  );
  console.log(JSON.stringify(result));
  server.closeAllConnections();
  server.close();
  await database.close();
  cleanup();
  if (paidOrders !== ORDERS) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
