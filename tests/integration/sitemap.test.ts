import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema";
import { SITEMAP_PAGE_SIZE, sitemapPageCount, sitemapProductUrls } from "../../app/features/content/sitemap.server";
import { createBlogPost } from "../support/content-factories";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

const ORIGIN = "https://www.trapkracht.nl";

describe("sitemap.xml and robots.txt", () => {
  const { app, database } = useTestApp({ PUBLIC_URL: ORIGIN });
  let listed: number;
  let unlisted: number;
  beforeAll(async () => {
    await createCategory(database.db, { id: 164, name: "Sportvoeding" });
    listed = (await createProduct(database.db, { categoryId: 164 })).artNo;
    unlisted = (await createProduct(database.db, { status: 0 })).artNo;
    await createBlogPost(database.db, { slug: "energy-gels-ingredienten", publishedOn: "2026-01-05" });
  });

  it("serves a sitemap index with absolute URLs of its pages", async () => {
    const res = await app.get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${ORIGIN}/sitemap.xml?page=1</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/sitemap.xml?page=2</loc>`);
    expect(xml).not.toContain("page=3");
  });

  it("page 1 lists the home page, static pages, category pages and blog posts", async () => {
    const xml = await (await app.get("/sitemap.xml?page=1")).text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of [
      "/",
      "/products",
      "/sportvoeding",
      "/blog",
      "/contact",
      "/about",
      "/privacy",
      "/terms",
      "/products?cat=164",
    ]) {
      expect(xml).toContain(`<url><loc>${ORIGIN}${path}</loc>`);
    }
    expect(xml).toContain(`<url><loc>${ORIGIN}/blog/energy-gels-ingredienten</loc><lastmod>2026-01-05</lastmod></url>`);
  });

  it("page 2 lists the listed products only", async () => {
    const xml = await (await app.get("/sitemap.xml?page=2")).text();
    expect(xml).toContain(`<loc>${ORIGIN}/product/${listed}</loc>`);
    expect(xml).not.toContain(`/product/${unlisted}<`);
  });

  it("answers 404 for a page that does not exist", async () => {
    expect((await app.get("/sitemap.xml?page=3")).status).toBe(404);
    expect((await app.get("/sitemap.xml?page=abc")).status).toBe(404);
  });

  it("splits products into pages of at most 45 000", async () => {
    expect(SITEMAP_PAGE_SIZE).toBeLessThanOrEqual(45_000);
    expect(await sitemapProductUrls(database.db, 3)).toEqual([]);
  });

  it("robots.txt allows all but admin, cart, checkout and the API, and points to the sitemap", async () => {
    const res = await app.get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /cart",
        "Disallow: /checkout",
        "Disallow: /api/",
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });
});

describe("sitemap product pages over ArtNo ranges", () => {
  const { app, database } = useTestApp({ PUBLIC_URL: ORIGIN });
  const W = SITEMAP_PAGE_SIZE;
  // ArtNos on both sides of range boundaries, a range with only an unlisted product, and a gap of
  // empty ranges: each listed product must be on exactly one page, and no page may be empty.
  const listedArtNos = [3 * W - 1, 3 * W, 3 * W + 1, 4 * W - 1, 7 * W + 5, 7 * W + 6];
  const unlistedArtNo = 5 * W + 3;
  beforeAll(async () => {
    for (const artNo of listedArtNos) await createProduct(database.db, { artNo });
    await createProduct(database.db, { artNo: unlistedArtNo, status: 0 });
  });

  it("lists every listed product exactly once across the pages, in ArtNo order", async () => {
    const pages = await sitemapPageCount(database.db);
    // Ranges 2, 3 and 7 hold listed products; range 5 only an unlisted one.
    expect(pages).toBe(1 + 3);
    const seen: string[] = [];
    for (let page = 2; page <= pages; page++) {
      const urls = await sitemapProductUrls(database.db, page);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(W);
      seen.push(...urls.map((u) => u.loc));
    }
    expect(seen).toEqual(listedArtNos.map((n) => `/product/${n}`));
    expect(await sitemapProductUrls(database.db, pages + 1)).toEqual([]);
  });

  it("serves those pages from the index, each with the products' last change date", async () => {
    const index = await (await app.get("/sitemap.xml")).text();
    for (const page of [1, 2, 3, 4]) expect(index).toContain(`<loc>${ORIGIN}/sitemap.xml?page=${page}</loc>`);
    expect(index).not.toContain("page=5");
    const xml = await (await app.get("/sitemap.xml?page=3")).text();
    const [row] = await database.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.artNo, 3 * W));
    const day = new Date(row!.updatedAt).toISOString().slice(0, 10);
    expect(xml).toContain(`<url><loc>${ORIGIN}/product/${3 * W}</loc><lastmod>${day}</lastmod></url>`);
    expect(xml).toContain(`/product/${4 * W - 1}<`);
    expect(xml).not.toContain(`/product/${3 * W - 1}<`);
    expect((await app.get("/sitemap.xml?page=5")).status).toBe(404);
  });
});
