import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

describe("generated media over HTTP", () => {
  const { app, database } = useTestApp();
  let productImage: string;
  let byeImage: string;

  beforeAll(async () => {
    await seedDemoIfEmpty(database.db, createLogger("silent"));
    const result = (await database.db.execute(
      sql`SELECT images[1] AS first, brand FROM products WHERE cardinality(images) > 0 AND images[1] <> '/media/product/missing.svg' ORDER BY art_no`,
    )) as unknown as { rows: { first: string; brand: string }[] };
    productImage = result.rows[0]!.first;
    byeImage = result.rows.find((r) => r.brand === "BYE!")!.first;
  });

  it.each([
    ["a product image", () => productImage],
    ["a category image", () => "/media/category/8.svg"],
    ["a level-3 category image", () => "/media/category/130.svg"],
    ["a blog thumbnail", () => "/media/blog/sportvoeding-kwart-triathlon-thumb.svg"],
    ["a blog hero", () => "/media/blog/energy-gels-ingredienten-hero.svg"],
    ["a homepage slide", () => "/media/hero/1.svg"],
    ["the BYE! banner", () => "/media/banner/bye.svg"],
    ["the default blog image (last image fallback)", () => "/media/blog/default-hero.svg"],
  ])("serves %s as a cacheable SVG", async (_label, path) => {
    const res = await app.get(path());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = await res.text();
    expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(body.endsWith("</svg>")).toBe(true);
    expect(body).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it("serves the same bytes every time", async () => {
    const a = await (await app.get(productImage)).text();
    const b = await (await app.get(productImage)).text();
    expect(a).toBe(b);
  });

  it("draws BYE! products in the brand's colours and other products differently", async () => {
    const bye = await (await app.get(byeImage)).text();
    const other = await (await app.get(productImage)).text();
    expect(bye).toContain("#701a75");
    expect(bye).toContain("BYE!");
    expect(other).not.toBe(bye);
  });

  it.each([
    "/media/product/missing.svg",
    "/media/product/99999999-1.svg",
    "/media/product/10001-0.svg",
    "/media/product/10001-1.png",
    "/media/category/9999.svg",
    "/media/category/abc.svg",
    "/media/blog/bestaat-niet-thumb.svg",
    "/media/blog/sportvoeding-kwart-triathlon-large.svg",
    "/media/hero/99.svg",
    "/media/banner/other.svg",
    "/media/unknown/1.svg",
  ])("answers %s with 404", async (path) => {
    const res = await app.get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toContain("svg");
  });

  it("escapes database text placed in the SVG", async () => {
    await createProduct(database.db, {
      artNo: 990_001,
      brand: `<script>"x"&Co`,
      shortDescription: `"><svg onload=alert(1)>`,
      categoryId: 100,
    });
    const res = await app.get("/media/product/990001-1.svg");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain("<script");
    expect(body).not.toContain("<svg onload");
    expect(body).toContain("&lt;SCRIPT&gt;");
    expect(body).toContain("&amp;CO");
  });
});
