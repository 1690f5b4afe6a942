/**
 * /metrics (issue 31 item 5): Prometheus text behind a bearer token (404 when no METRICS_TOKEN is
 * configured, 401 for a missing or wrong one), never cached; requests and latency per route under
 * the route's id (never the raw URL), jobs per queue and state, mails waiting and orders paid read
 * from the database at scrape time, the PostgreSQL pool's connections.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { jobs, outbox } from "../../app/db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase } from "../support/db";
import { createCustomer, createOrder } from "../support/order-factories";

const TOKEN = "metrics-token-for-tests-0123456789";
const auth = { headers: { authorization: `Bearer ${TOKEN}` } };

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text format's sample lines, parsed. */
function samples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample with this name and these labels (undefined when there is none). */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = all.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples match ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

let database: Database;
let app: TestApp;
let withoutToken: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.db, { METRICS_TOKEN: TOKEN });
  withoutToken = await startTestApp(database.db);
});
afterAll(async () => {
  await withoutToken?.close();
  await app?.close();
  await database?.close();
});

describe("access", () => {
  it("answers 404 when no METRICS_TOKEN is configured, whatever the request carries", async () => {
    for (const init of [{}, auth]) {
      const res = await withoutToken.get("/metrics", init);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("trapkracht_");
    }
  });

  it("answers 401 without a token, with a wrong one, or with the token not as a Bearer, and never caches", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token-0123456789abcdef",
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const res = await app.get("/metrics", authorization ? { headers: { authorization } } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).not.toContain("trapkracht_");
    }
  });

  it("answers 200 in the Prometheus text format with the right token, no-store", async () => {
    const res = await app.get("/metrics", auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const all = samples(await res.text());
    expect(valueOf(all, "trapkracht_database_up")).toBe(1);
    // Node's own process figures come along.
    expect(valueOf(all, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});

describe("figures", () => {
  it("counts requests per route id with their status, not per URL, and times them", async () => {
    // Each answer read to its end: a request is counted once its answer has gone out in full.
    for (let i = 0; i < 3; i++) expect((await app.html("/about")).status).toBe(200);
    // A client-side navigation's data request counts for the same route.
    expect((await app.html("/about.data")).status).toBe(200);
    // Two different product numbers (neither exists): one route, one label value.
    expect((await app.html("/product/990001")).status).toBe(404);
    expect((await app.html("/product/990002")).status).toBe(404);
    expect((await app.html("/geen-pagina-hier")).status).toBe(404);

    const text = await (await app.get("/metrics", auth)).text();
    const all = samples(text);
    const about = { route: "features/content/about.route", method: "GET", status: "200" };
    expect(valueOf(all, "trapkracht_http_requests_total", about)).toBe(4);
    expect(
      valueOf(all, "trapkracht_http_request_duration_seconds_count", {
        route: "features/content/about.route",
        method: "GET",
      }),
    ).toBe(4);
    expect(
      valueOf(all, "trapkracht_http_requests_total", {
        route: "features/catalogue/product.route",
        method: "GET",
        status: "404",
      }),
    ).toBe(2);
    expect(
      valueOf(all, "trapkracht_http_requests_total", { route: "routes/not-found", method: "GET", status: "404" }),
    ).toBe(1);
    // The 401s of the access tests, under the Express path.
    expect(valueOf(all, "trapkracht_http_requests_total", { route: "/metrics", method: "GET", status: "401" })).toBe(5);
    // No raw URL anywhere in the labels.
    expect(text).not.toContain("990001");
    expect(text).not.toContain("geen-pagina-hier");
    expect(text).not.toContain('route="/about"');
  });

  it("reports jobs per queue and state, mails by state and paid orders as the database holds them", async () => {
    const past = new Date(Date.now() - 60_000);
    const later = new Date(Date.now() + 3_600_000);
    await database.db.insert(jobs).values([
      { queue: "metrics-test", status: "pending", runAt: past },
      { queue: "metrics-test", status: "pending", runAt: past },
      { queue: "metrics-test", status: "pending", runAt: later },
      { queue: "metrics-test", status: "running", runAt: past, lockedUntil: later, lockedBy: "test" },
      { queue: "metrics-test", status: "failed", runAt: past },
      { queue: "metrics-test", status: "failed", runAt: past },
      { queue: "metrics-test", status: "failed", runAt: past },
      { queue: "metrics-test", status: "completed", runAt: past },
      { queue: "metrics-other", status: "failed", runAt: past },
    ]);
    const mail = { kind: "test", toAddress: "klant@example.nl", subject: "Test", textBody: "Hallo" };
    await database.db.insert(outbox).values([
      { ...mail, status: "pending" },
      { ...mail, status: "pending", nextAttemptAt: later },
      { ...mail, status: "sending", lockedUntil: later },
      { ...mail, status: "failed" },
      { ...mail, status: "sent" },
      { ...mail, status: "sent" },
    ]);
    const customer = await createCustomer(database.db);
    await createOrder(database.db, customer.id, { paymentStatus: "paid", paidAt: past });
    await createOrder(database.db, customer.id, { paymentStatus: "refunded", status: "cancelled", paidAt: past });
    await createOrder(database.db, customer.id, { paymentStatus: "unpaid" });

    const all = samples(await (await app.get("/metrics", auth)).text());
    const job = (queue: string, state: string) => valueOf(all, "trapkracht_jobs", { queue, state });
    expect([job("metrics-test", "waiting"), job("metrics-test", "scheduled"), job("metrics-test", "running")]).toEqual([
      2, 1, 1,
    ]);
    expect(job("metrics-test", "failed")).toBe(3);
    expect([job("metrics-other", "waiting"), job("metrics-other", "failed")]).toEqual([0, 1]);
    expect(valueOf(all, "trapkracht_mails", { state: "waiting" })).toBe(2);
    expect(valueOf(all, "trapkracht_mails", { state: "sending" })).toBe(1);
    expect(valueOf(all, "trapkracht_mails", { state: "failed" })).toBe(1);
    expect(valueOf(all, "trapkracht_orders_paid")).toBe(2);

    // A job finished since: the next scrape says so (figures are read at scrape time, not kept).
    await database.db.delete(jobs);
    const after = samples(await (await app.get("/metrics", auth)).text());
    expect(valueOf(after, "trapkracht_jobs", { queue: "metrics-test", state: "failed" })).toBeUndefined();
  });

  it("reports the PostgreSQL pool's connections (none for the embedded database)", async () => {
    const all = samples(await (await app.get("/metrics", auth)).text());
    if (process.env.TEST_DATABASE_URL) {
      expect(valueOf(all, "trapkracht_db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, "trapkracht_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
      expect(valueOf(all, "trapkracht_db_pool_waiting_requests")).toBe(0);
    } else {
      expect(valueOf(all, "trapkracht_db_pool_connections")).toBeUndefined();
    }
  });
});
