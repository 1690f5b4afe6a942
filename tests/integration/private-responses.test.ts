import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../app/db/schema";
import { guestOrderToken } from "../../app/features/shopper-orders/index.server";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { TEST_AUTH_SECRET } from "../support/app";
import { createPaidOrder } from "../support/checkout-factories";
import { createBlogPost } from "../support/content-factories";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { dataUrl, fillParams, listRoutes } from "../support/route-list";
import { signedInUser } from "../support/users";

/**
 * Personal answers are never stored by a browser, proxy or CDN (issue 27): every route of
 * app/routes.ts (read from the route config, so a new route is covered), its page and its `.data`,
 * asked with each kind of cookie this shop reads (a customer's and an admin's session, a guest's
 * order) and without any. With a cookie, only a route that serves the same bytes to everyone (files,
 * sitemap) may say `public`; without one, only those and the anonymous catalogue pages of the page
 * cache (docs/operations.md) may.
 */

/** Routes whose answer is the same for everyone: files by name, the sitemap, robots.txt, suggestions. */
const SAME_FOR_EVERYONE = new Set([
  "/api/search-suggestions",
  "/media/images/:file",
  "/media/:kind/:file",
  "/uploads/carousel/:file",
  "/api/test-supplier/images/:file",
  "/sitemap.xml",
  "/robots.txt",
]);
/** The anonymous catalogue pages the page cache keeps and a CDN may share (server/page-cache.ts). */
const CATALOGUE = new Set([
  "/",
  "/products",
  "/product/:artNo",
  "/sportvoeding",
  "/onderhoud",
  "/fietsonderdelen",
  "/reiniging",
  "/smering",
  "/ProductCategories",
  "/blog",
  "/blog/:slug",
]);

describe("Cache-Control of personal answers", () => {
  // The page cache on, as in production: its public pages must stay public for anonymous visitors.
  const { app, database } = useTestApp({ PAGE_CACHE_TTL_MS: "60000" });
  const values: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const db = database.db;
    const category = await createCategory(db, { name: "Kettingen" });
    values.artNo = String((await createProduct(db, { categoryId: category.id })).artNo);
    values.slug = (await createBlogPost(db)).slug;
    const payments = createPaymentProvider({ db, config: app.config, logger: createLogger("silent") });
    const { order, session } = await createPaidOrder(app, db, payments);
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(invoices.number));
    values.orderId = order.id;
    values.number = String(invoice!.number);
    values.sessionId = session.id;
    values.runId = "1";
    values.file = `${values.artNo}-1.svg`;
    values.kind = "product";
    values["*"] = "onbekend";
    cookies.customer = (await signedInUser(app, db)).cookie;
    cookies.admin = (await signedInUser(app, db, { role: "admin" })).cookie;
    cookies.guest = `trapkracht_bestelling=${guestOrderToken(TEST_AUTH_SECRET, order.id)}`;
  });

  const urlsOf = (route: ReturnType<typeof listRoutes>[number]) => {
    const url = fillParams(route, values);
    return route.isPage ? [url, dataUrl(url)] : [url];
  };
  const routes = listRoutes().map((r) => [`${r.pattern} (${r.file})`, r] as const);

  it.each(routes)("%s with a cookie: private, no-store unless the same for everyone", async (_label, route) => {
    for (const [who, cookie] of Object.entries(cookies)) {
      for (const url of urlsOf(route)) {
        const res = await app.get(url, { headers: { cookie } });
        await res.arrayBuffer();
        const cacheControl = res.headers.get("cache-control") ?? "(none)";
        const label = `GET ${url} as ${who} → ${res.status}, Cache-Control: ${cacheControl}`;
        if (SAME_FOR_EVERYONE.has(route.pattern) && /\bpublic\b/.test(cacheControl)) continue;
        expect.soft(cacheControl, label).toMatch(/^(private, )?no-store$/);
      }
    }
  });

  it.each(routes)("%s without a cookie: public only for the catalogue and files", async (_label, route) => {
    for (const url of urlsOf(route)) {
      const res = await app.get(url);
      await res.arrayBuffer();
      const cacheControl = res.headers.get("cache-control") ?? "(none)";
      const label = `GET ${url} → ${res.status}, Cache-Control: ${cacheControl}`;
      if (CATALOGUE.has(route.pattern)) {
        expect.soft(cacheControl, label).toMatch(/^public, max-age=0, s-maxage=60/);
      } else if (SAME_FOR_EVERYONE.has(route.pattern) && res.status === 200) {
        expect.soft(cacheControl, label).toMatch(/^public, max-age=\d+/);
      } else {
        expect.soft(cacheControl, label).toMatch(/^(private, )?no-store$/);
      }
    }
  });

  it("the personal pages of the issue answer private, no-store with their cookie, page and data", async () => {
    const cases: [string, string][] = [
      ["/account", cookies.customer!],
      ["/orders", cookies.customer!],
      ["/profile", cookies.customer!],
      ["/admin/orders", cookies.admin!],
      [`/admin/orders/${values.orderId}`, cookies.admin!],
      ["/bestelling", cookies.guest!],
      [`/herroepen/${values.orderId}`, cookies.guest!],
    ];
    for (const [path, cookie] of cases) {
      for (const url of [path, dataUrl(path)]) {
        const res = await app.get(url, { headers: { cookie } });
        expect.soft(res.status, url).toBe(200);
        expect.soft(res.headers.get("cache-control"), url).toBe("private, no-store");
      }
    }
    const invoice = await app.get(`/factuur/${values.number}`, { headers: { cookie: cookies.guest! } });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toBe("application/pdf");
    expect(invoice.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a catalogue page with a session cookie is the visitor's own: private, no-store, never kept", async () => {
    const path = `/product/${values.artNo}`;
    const res = await app.get(path, { headers: { cookie: cookies.customer! } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-page-cache")).toBeNull();
    await app.get(path);
    const anonymous = await app.get(path);
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    expect(anonymous.headers.get("cache-control")).toMatch(/^public, /);
  });
});
