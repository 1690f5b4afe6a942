import { beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_PAGE_SIZE, sitemapProductUrls } from "../../app/domain/content/sitemap.server";
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
