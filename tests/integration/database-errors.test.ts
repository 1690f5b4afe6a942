/**
 * What a shopper and the operator see when the database fails: an error page with the right status
 * (503 while the database is unreachable, 500 for other failures), never "Product Niet Gevonden", and
 * one JSON log line per unexpected error.
 */
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";
import { createLogger } from "../../app/shared/logging/logger.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase } from "../support/db";

/** A loopback port nothing listens on: connecting is refused at once, like a stopped PostgreSQL. */
async function refusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const logLines: string[] = [];
const logger = createLogger("info", { write: (line: string) => void logLines.push(line) });
const linesOf = (message: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === message);

describe("the database cannot be reached", () => {
  let pool: pg.Pool;
  let app: TestApp;

  beforeAll(async () => {
    pool = new pg.Pool({
      connectionString: `postgres://trapkracht@127.0.0.1:${await refusedPort()}/trapkracht`,
      connectionTimeoutMillis: 1_000,
    });
    app = await startTestApp(drizzle(pool, { schema }) as unknown as Db, {}, { logger });
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });
  afterEach(() => {
    logLines.length = 0;
    vi.restoreAllMocks();
  });

  it("answers a product page with 503 and the product error page, not 'Product Niet Gevonden'", async () => {
    const { status, html } = await app.html("/product/123456");
    expect(status).toBe(503);
    expect(html).toContain("<title>Fout bij laden product | Trapkracht</title>");
    expect(html).toContain("Kon productgegevens niet laden.");
    expect(html).not.toContain("Product Niet Gevonden");
  });

  it("answers a blog post with 503 and an error page, not 'Blogpost Niet Gevonden'", async () => {
    const { status, html } = await app.html("/blog/een-bestaande-titel");
    expect(status).toBe(503);
    expect(html).toContain("<title>Fout bij laden blogpost | Trapkracht</title>");
    expect(html).not.toContain("Blogpost Niet Gevonden");
  });

  it("logs the failing loader as one JSON line at level 50 with method, URL and stack, and nothing on the console", async () => {
    const consoleError = vi.spyOn(console, "error");
    const res = await app.get("/product/123456?kleur=rood");
    await res.text();

    for (const line of logLines) {
      expect(line.endsWith("\n")).toBe(true);
      expect(line.trimEnd()).not.toContain("\n");
    }
    const errors = linesOf("unexpected error");
    expect(errors).toHaveLength(1);
    const [entry] = errors as [{ level: number; method: string; url: string; err: { type: string; stack: string } }];
    expect(entry.level).toBe(50);
    expect(entry.method).toBe("GET");
    expect(entry.url).toBe(`${app.url}/product/123456?kleur=rood`);
    expect(entry.err.stack).toContain("ECONNREFUSED");
    expect(entry.err.stack).toContain("\n    at ");
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("answers /checkout/success with 503 and the Dutch 'try again' page, not 500", async () => {
    const { status, html } = await app.html("/checkout/success?session_id=cs_test_onbereikbaar");
    expect(status).toBe(503);
    expect(html).toContain("Er ging iets mis bij het verwerken");
    expect(html).toContain("Vernieuw deze pagina over een minuut.");
  });

  it("answers /readyz with 503 (and /healthz, which asks no database, with 200)", async () => {
    const res = await app.get("/readyz");
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("not ready: database unavailable\n");
    expect((await app.get("/healthz")).status).toBe(200);
  });
});

describe("a query fails for another reason than an unreachable database", () => {
  let app: TestApp;

  beforeAll(async () => {
    const database = await createTestDatabase();
    // A closed handle: every query throws at once ("PGlite is closed", "pool after calling end").
    await database.close();
    app = await startTestApp(database.db, {}, { logger });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    logLines.length = 0;
  });

  it("answers 500 with the product error page, and logs it", async () => {
    const { status, html } = await app.html("/product/123456");
    expect(status).toBe(500);
    expect(html).toContain("<title>Fout bij laden product | Trapkracht</title>");
    expect(html).not.toContain("Product Niet Gevonden");
    expect(linesOf("unexpected error")).toHaveLength(1);
  });
});
