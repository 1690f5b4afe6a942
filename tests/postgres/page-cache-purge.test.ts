/**
 * Two instances of the production server on one PostgreSQL database (issue 31, ADR 0042): a change
 * through one empties the page cache of the other within a second (LISTEN/NOTIFY, server/cache-purge.ts).
 * Pages are kept for a minute here, so only the purge can make the other instance show a change in time.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { loadConfig } from "../../app/shared/config/env.server";
import { createAuth } from "../../app/features/accounts/auth.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { TEST_AUTH_SECRET } from "../support/app";
import { createCategory, createProduct } from "../support/factories";
import {
  bundleServer,
  createPostgresDatabase,
  httpRequest,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "../support/server-process";
import { cookieHeaderFrom, createUser } from "../support/users";

const KEPT_MS = "60000";
const LISTENER = "trapkracht page cache purge";

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let bundle: ReturnType<typeof bundleServer>;
let a: ServerProcess;
let b: ServerProcess;
let adminCookie = "";
let categoryId = 0;
let checkoutArtNo = 0;

/** The purge listeners that have run their LISTEN on this database: one per instance once both are up. */
async function listeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2 and query ilike 'LISTEN%'",
      [database.name, LISTENER],
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

async function page(server: ServerProcess, artNo: number) {
  const res = await httpRequest(`${server.url}/product/${artNo}`);
  return { cache: res.headers["x-page-cache"], html: res.body };
}

/** The admin's product form, as the Product Management dialog posts it, with a new consumer price. */
async function changePrice(server: ServerProcess, artNo: number, consumerPrice: string) {
  const body = new URLSearchParams({
    intent: "update",
    artNo: String(artNo),
    brand: "Shimano",
    shortDescription: `Ketting ${artNo}`,
    longDescriptionHtml: "<p>Ketting</p>",
    categoryId: String(categoryId),
    consumerPrice,
    discountedPrice: "",
    vatRate: "21",
    status: "1",
    stockQuantity: "50",
    images: "",
    colour: "",
    material: "",
    size: "",
    type: "",
    articleKeyword: "",
  });
  return httpRequest(`${server.url}/admin/products`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      cookie: adminCookie,
    },
    body: body.toString(),
  });
}

/** B keeps the page: asked twice, the second answer comes from its memory. */
async function keptOnB(artNo: number, price: string) {
  await page(b, artNo);
  const kept = await page(b, artNo);
  expect(kept.cache).toBe("hit");
  expect(kept.html).toContain(price);
}

beforeAll(async () => {
  database = await createPostgresDatabase("purge");
  const setup = await database.open();
  try {
    categoryId = (await createCategory(setup.db, { name: "Purge kettingen" })).id;
    checkoutArtNo = (await createProduct(setup.db, { categoryId, consumerPriceCents: 1995, stockQuantity: 1000 }))
      .artNo;
    const admin = await createUser(setup.db, { role: "admin", email: `purge-${crypto.randomUUID()}@trapkracht.test` });
    // A session in the shared database, signed with the instances' shared secret: valid on both.
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: "http://127.0.0.1",
    });
    const auth = createAuth({ db: setup.db, config, logger: createLogger("silent") });
    const signIn = await auth.api.signInEmail({
      body: { email: admin.email, password: admin.password },
      asResponse: true,
    });
    expect(signIn.ok).toBe(true);
    adminCookie = cookieHeaderFrom(signIn);
  } finally {
    await setup.close();
  }
  bundle = bundleServer();
  const env = {
    DATABASE_URL: database.url,
    PAGE_CACHE_TTL_MS: KEPT_MS,
    PAYMENT_PROVIDER: "local",
    LOCAL_PAYMENTS_ALLOWED: "true",
    LOG_LEVEL: "warn",
  };
  [a, b] = await Promise.all([startServerProcess(bundle.file, env), startServerProcess(bundle.file, env)]);
  await waitFor(async () => (await listeners()) === 2, 10_000);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  bundle?.cleanup();
  await database?.drop();
});

describe("two instances on one PostgreSQL with their page caches", () => {
  it("shows a price changed through A's admin on B's kept product page within a second", async () => {
    const setup = await database.open();
    const { artNo } = await createProduct(setup.db, { categoryId, consumerPriceCents: 2495, stockQuantity: 50 });
    await setup.close();
    await keptOnB(artNo, "24,95");

    const res = await changePrice(a, artNo, "31,50");
    expect(res.status).toBeLessThan(400);
    // B's copy would be kept a minute: only A's announcement makes it render the page anew.
    const tookMs = await waitFor(async () => (await page(b, artNo)).html.includes("31,50"), 3_000);
    const after = await page(b, artNo);
    expect(after.html).toContain("31,50");
    expect(after.html).not.toContain("24,95");
    console.log(`B showed A's price change after ${tookMs} ms`);
  });

  it("empties B's cache when a shopper checks out on A", async () => {
    await keptOnB(checkoutArtNo, "19,95");
    const form = new URLSearchParams({
      intent: "place",
      checkoutToken: crypto.randomUUID(),
      couponCode: "",
      items: JSON.stringify([{ artNo: checkoutArtNo, quantity: 1 }]),
      firstName: "Anna",
      lastName: "de Vries",
      email: "anna@example.nl",
      phone: "06 12345678",
      createAccount: "",
      password: "",
      address: "Fietsstraat",
      houseNumber: "12",
      houseNumberAddition: "",
      postalCode: "1234ab",
      city: "Utrecht",
      saveInfo: "",
    });
    const placed = await httpRequest(`${a.url}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.url },
      body: form.toString(),
    });
    expect(placed.status).toBe(303);
    await waitFor(async () => (await page(b, checkoutArtNo)).cache === "miss", 3_000);
  });

  it("listens again after its connection was cut, and then empties B's cache on A's change again", async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and application_name = $2",
        [database.name, LISTENER],
      );
      expect(rows[0]!.n).toBe(2);
    } finally {
      await admin.end();
    }
    await waitFor(async () => (await listeners()) === 2, 10_000);
    expect(a.alive() && b.alive()).toBe(true);
    expect(b.logs().some((line) => String(line.msg).startsWith("page cache purge listener lost"))).toBe(true);

    const setup = await database.open();
    const { artNo } = await createProduct(setup.db, { categoryId, consumerPriceCents: 4200, stockQuantity: 50 });
    await setup.close();
    await keptOnB(artNo, "42,00");
    expect((await changePrice(a, artNo, "44,00")).status).toBeLessThan(400);
    await waitFor(async () => (await page(b, artNo)).html.includes("44,00"), 3_000);
  });
});
