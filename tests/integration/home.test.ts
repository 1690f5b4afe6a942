import { beforeAll, describe, expect, it } from "vitest";
import { getFeaturedProducts } from "../../app/features/catalogue/featured.server";
import { startTestApp } from "../support/app";
import { createBlogPost, createSlide } from "../support/content-factories";
import { createCategory, createProduct } from "../support/factories";
import { createTestDatabase } from "../support/db";
import { useTestApp } from "../support/fixture";

describe("home page", () => {
  const { app, database } = useTestApp({ PUBLIC_URL: "https://www.trapkracht.nl" });
  const inStock: number[] = [];
  const outOfStock: number[] = [];

  beforeAll(async () => {
    const db = database.db;
    await createSlide(db, {
      title: "Tweede slide",
      highlight: "Aanbieding",
      sortOrder: 2,
      ctaText: "Naar onderhoud",
      ctaLink: "/onderhoud",
    });
    await createSlide(db, {
      title: "Eerste slide",
      highlight: "Nieuw binnen",
      text: "Gels en repen",
      sortOrder: 1,
      ctaText: "Shop sportvoeding",
      ctaLink: "/sportvoeding",
    });
    await createSlide(db, { title: "Verborgen slide", isActive: false, sortOrder: 0 });
    const category = await createCategory(db, { name: "Kettingen" });
    for (let i = 0; i < 6; i++) {
      const p = await createProduct(db, {
        categoryId: category.id,
        shortDescription: `Ketting op voorraad ${i}`,
        stockQuantity: 15,
      });
      inStock.push(p.artNo);
    }
    for (let i = 0; i < 6; i++) {
      const p = await createProduct(db, {
        categoryId: category.id,
        shortDescription: `Ketting uitverkocht ${i}`,
        stockQuantity: 0,
      });
      outOfStock.push(p.artNo);
    }
    await createProduct(db, { shortDescription: "Niet zichtbaar product", brand: null });
    await createBlogPost(db, { slug: "oudste", title: "Oudste post", publishedOn: "2025-01-01" });
    await createBlogPost(db, { slug: "nieuwste", title: "Nieuwste post", publishedOn: "2026-03-12" });
    await createBlogPost(db, { slug: "middelste", title: "Middelste post", publishedOn: "2025-09-01" });
  });

  it("renders the active slides in order in an accessible carousel, the first one visible", async () => {
    const { status, html } = await app.html("/");
    expect(status).toBe(200);
    expect(html).toContain("<title>Trapkracht</title>");
    expect(html).toContain('<link rel="canonical" href="https://www.trapkracht.nl/"/>');
    expect(html).toMatch(/<section aria-roledescription="carousel" aria-label="Uitgelicht"/);
    const first = html.indexOf("Eerste slide");
    const second = html.indexOf("Tweede slide");
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(html).not.toContain("Verborgen slide");
    expect(html).toMatch(/<div role="group" aria-roledescription="slide" aria-label="1 van 2" class=/);
    expect(html).toMatch(/<div role="group" aria-roledescription="slide" aria-label="2 van 2" hidden=""/);
    expect(html).toContain("Nieuw binnen");
    expect(html).toContain("Gels en repen");
    expect(html).toMatch(/<a[^>]*href="\/sportvoeding"[^>]*>Shop sportvoeding<\/a>/);
    expect(html).toContain('aria-label="Vorige slide"');
    expect(html).toContain('aria-label="Volgende slide"');
  });

  it("shows the sportvoeding tile, three info cards linking to /products and the two latest posts", async () => {
    const { html } = await app.html("/");
    expect(html).toMatch(/<a[^>]*href="\/sportvoeding"[^>]*>[\s\S]*?Bekijk sportvoeding/);
    for (const title of [
      "Gratis verzending vanaf €50",
      "Voor 18:00 besteld, binnen 1 werkdag bezorgd",
      "14 dagen bedenktijd",
    ]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="/products"[^>]*>(?:(?!</a>)[\\s\\S])*${title}`));
    }
    expect(html).toContain("Nieuwste post");
    expect(html).toContain("Middelste post");
    expect(html).not.toContain("Oudste post");
    expect(html.indexOf("Nieuwste post")).toBeLessThan(html.indexOf("Middelste post"));
  });

  it("features 4 listed products, in stock first", async () => {
    const { html } = await app.html("/");
    const shown = [...html.matchAll(/href="\/product\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(new Set(shown).size).toBe(4);
    for (const artNo of shown) expect(inStock).toContain(artNo);
    expect(html).not.toContain("Niet zichtbaar product");
  });

  it("picks different products across requests", async () => {
    const picks = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const featured = await getFeaturedProducts(database.db, 4);
      expect(featured).toHaveLength(4);
      picks.add(
        featured
          .map((p) => p.artNo)
          .sort()
          .join(","),
      );
    }
    expect(picks.size).toBeGreaterThan(1);
  });

  it("fills up with out-of-stock products when too few are in stock", async () => {
    const featured = await getFeaturedProducts(database.db, 8);
    expect(featured).toHaveLength(8);
    expect(featured.slice(0, 6).every((p) => inStock.includes(p.artNo))).toBe(true);
    expect(featured.slice(6).every((p) => outOfStock.includes(p.artNo))).toBe(true);
  });
});

describe("home page without content", () => {
  it("still renders, with a fallback hero and no empty sections", async () => {
    const database = await createTestDatabase();
    const app = await startTestApp(database.db);
    try {
      const { status, html } = await app.html("/");
      expect(status).toBe(200);
      expect(html).toContain("Alles voor jou en je fiets");
      expect(html).not.toContain("Uitgelichte producten");
      expect(html).not.toContain("Laatste blogposts");
      expect(await getFeaturedProducts(database.db)).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
