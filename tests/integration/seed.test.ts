import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../app/db/client.server";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server";
import { seedCatalogue } from "../../app/db/seed/large.server";
import { rebuildFilterValueCache } from "../../app/features/catalogue/filter-cache.server";
import { stockStatus } from "../../app/features/catalogue/stock";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createTestDatabase } from "../support/db";
import { useTestDatabase } from "../support/fixture";

const logger = createLogger("silent");

/**
 * Rows of listing_stock_order that differ from what products and stock say (the seed writes them
 * itself, with the flag, before the products; migration 0038), in either direction.
 */
async function listingOrderDrift(db: Db): Promise<unknown[]> {
  return rows(
    db,
    sql`(SELECT art_no, category_id, is_listed, in_stock, sort_key, brand, colour, material, size, type, effective_price_cents
         FROM listing_stock_order
         EXCEPT
         SELECT p.art_no, p.category_id, p.is_listed, coalesce(s.quantity, 0) > 0, lower(p.short_description), p.brand,
                p.colour, p.material, p.size, p.type, p.effective_price_cents
         FROM products p LEFT JOIN stock s ON s.art_no = p.art_no)
        UNION ALL
        (SELECT p.art_no, p.category_id, p.is_listed, coalesce(s.quantity, 0) > 0, lower(p.short_description), p.brand,
                p.colour, p.material, p.size, p.type, p.effective_price_cents
         FROM products p LEFT JOIN stock s ON s.art_no = p.art_no
         EXCEPT
         SELECT art_no, category_id, is_listed, in_stock, sort_key, brand, colour, material, size, type, effective_price_cents
         FROM listing_stock_order)`,
  );
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A digest of every seeded table, so two databases (or two moments) can be compared exactly. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables: Record<string, string> = {
    products: "SELECT * FROM products ORDER BY art_no",
    product_price_history: "SELECT * FROM product_price_history ORDER BY art_no, valid_from",
    stock: "SELECT * FROM stock ORDER BY art_no",
    listing_stock_order: "SELECT * FROM listing_stock_order ORDER BY art_no",
    product_tags: "SELECT * FROM product_tags ORDER BY art_no, tag",
    product_categories: "SELECT * FROM product_categories ORDER BY id",
    filter_types: "SELECT * FROM filter_types ORDER BY id",
    category_filters: "SELECT * FROM category_filters ORDER BY id",
    filter_values_cache: "SELECT * FROM filter_values_cache ORDER BY category_id, filter_type_id, value",
    homepage_carousel: "SELECT * FROM homepage_carousel ORDER BY id",
    blog_posts: "SELECT * FROM blog_posts ORDER BY id",
    quiz_questions: "SELECT * FROM quiz_questions ORDER BY id",
  };
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(tables)) {
    const [row] = await rows<{ digest: string; n: number }>(
      db,
      sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|'), '')) AS digest, count(*)::int AS n FROM (${query}) t`),
    );
    out[name] = `${row!.n}:${row!.digest}`;
  }
  return out;
}

describe("demo catalogue seed", () => {
  const database = useTestDatabase();
  let db: Db;
  let firstResult: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

  beforeAll(async () => {
    db = database.db;
    firstResult = await seedDemoIfEmpty(db, logger);
  });

  it("reports what it created", () => {
    expect(firstResult).not.toBeNull();
    expect(firstResult!.products).toBeGreaterThanOrEqual(600);
    expect(firstResult!.blogPosts).toBe(2);
  });

  it("creates at least 600 listed products with art numbers from 10001", async () => {
    const [stats] = await rows<{ listed: number; min: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE is_listed)::int AS listed, min(art_no)::int AS min FROM products`,
    );
    expect(stats!.listed).toBeGreaterThanOrEqual(600);
    expect(stats!.min).toBe(10001);
  });

  it("has the fixed categories with their children, at two depths", async () => {
    const cats = await rows<{ id: number; name: string; parent_id: number | null; level: number; image_url: string }>(
      db,
      sql`SELECT id, name, parent_id, level, image_url FROM product_categories ORDER BY id`,
    );
    const byId = new Map(cats.map((c) => [c.id, c]));
    expect(byId.get(8)).toMatchObject({ name: "Fietsonderdelen", parent_id: null, level: 1 });
    expect(byId.get(16)).toMatchObject({ name: "Onderhoud", parent_id: null, level: 1 });
    expect(byId.get(164)).toMatchObject({ name: "Sportvoeding", parent_id: null, level: 1 });
    expect(byId.get(17)).toMatchObject({ name: "Reiniging", parent_id: 16, level: 2 });
    expect(byId.get(18)).toMatchObject({ name: "Smering", parent_id: 16, level: 2 });
    const children = (id: number) => cats.filter((c) => c.parent_id === id);
    expect(children(8).length).toBeGreaterThanOrEqual(6);
    expect(children(8).every((c) => c.id >= 100 && c.id <= 149)).toBe(true);
    expect(children(164).every((c) => c.id >= 165 && c.id <= 180)).toBe(true);
    expect(children(164).map((c) => c.name)).toEqual(expect.arrayContaining(["Energiegels", "Sportdranken"]));
    // Some Fietsonderdelen children have children of their own (level 3).
    expect(cats.some((c) => c.level === 3 && byId.get(c.parent_id!)?.parent_id === 8)).toBe(true);
    for (const c of cats) expect(c.image_url).toBe(`/media/category/${c.id}.svg`);
  });

  it("gives every stock label, with most products in stock", async () => {
    const quantities = await rows<{ quantity: number | null }>(
      db,
      sql`SELECT s.quantity FROM products p LEFT JOIN stock s ON s.art_no = p.art_no WHERE p.is_listed`,
    );
    const labels = new Map<string, number>();
    for (const { quantity } of quantities) {
      const label = stockStatus(quantity).label;
      labels.set(label, (labels.get(label) ?? 0) + 1);
    }
    expect([...labels.keys()].sort()).toEqual(
      ["Beperkte voorraad", "Bijna uitverkocht", "Niet op voorraad", "Op voorraad", "Status onbekend"].sort(),
    );
    expect(labels.get("Op voorraad")!).toBeGreaterThan(quantities.length / 2);
  });

  it("writes every product's listing order row with its stock flag", async () => {
    expect(await listingOrderDrift(db)).toEqual([]);
    const [flags] = await rows<{ on: number; off: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE in_stock)::int AS on, count(*) FILTER (WHERE NOT in_stock)::int AS off FROM listing_stock_order`,
    );
    expect(flags!.on).toBeGreaterThan(0);
    expect(flags!.off).toBeGreaterThan(0);
  });

  it("has offers, non-offers and discounted prices that are not offers", async () => {
    const [o] = await rows<{ offers: number; plain: number; zero: number; notLower: number }>(
      db,
      sql`SELECT
        count(*) FILTER (WHERE discounted_price_cents > 0 AND discounted_price_cents < consumer_price_cents)::int AS offers,
        count(*) FILTER (WHERE discounted_price_cents IS NULL)::int AS plain,
        count(*) FILTER (WHERE discounted_price_cents = 0)::int AS zero,
        count(*) FILTER (WHERE discounted_price_cents >= consumer_price_cents)::int AS "notLower"
      FROM products WHERE is_listed`,
    );
    const listed = o!.offers + o!.plain + o!.zero + o!.notLower;
    expect(o!.offers / listed).toBeGreaterThan(0.08);
    expect(o!.offers / listed).toBeLessThan(0.25);
    expect(o!.zero).toBeGreaterThan(0);
    expect(o!.notLower).toBeGreaterThan(0);
  });

  it("gives the offers a price history with honest 'was' prices, some none after a raise", async () => {
    const [h] = await rows<{ products: number; withHistory: number; multi: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM products WHERE effective_price_cents > 0) AS products,
                 (SELECT count(DISTINCT art_no)::int FROM product_price_history) AS "withHistory",
                 (SELECT count(*)::int FROM (SELECT art_no FROM product_price_history GROUP BY art_no HAVING count(*) > 1) m) AS multi`,
    );
    expect(h!.withHistory).toBe(h!.products);
    expect(h!.multi).toBeGreaterThan(50);
    const [o] = await rows<{
      offers: number;
      atConsumer: number;
      belowConsumer: number;
      none: number;
      started: number;
    }>(
      db,
      sql`SELECT count(*)::int AS offers,
        count(*) FILTER (WHERE reference_price_cents = consumer_price_cents)::int AS "atConsumer",
        count(*) FILTER (WHERE reference_price_cents > discounted_price_cents AND reference_price_cents < consumer_price_cents)::int AS "belowConsumer",
        count(*) FILTER (WHERE reference_price_cents <= discounted_price_cents)::int AS none,
        count(*) FILTER (WHERE offer_started_at < now())::int AS started
      FROM products WHERE is_listed AND discounted_price_cents > 0 AND discounted_price_cents < consumer_price_cents`,
    );
    expect(o!.started).toBe(o!.offers);
    // Most offers follow a stable price; some follow a raise (a lower "was", or none at all).
    expect(o!.atConsumer / o!.offers).toBeGreaterThan(0.6);
    expect(o!.belowConsumer).toBeGreaterThan(0);
    expect(o!.none).toBeGreaterThan(0);
    expect(o!.atConsumer + o!.belowConsumer + o!.none).toBe(o!.offers);
    // Not on offer: no reference kept.
    const [plain] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM products
          WHERE NOT coalesce(discounted_price_cents > 0 AND discounted_price_cents < consumer_price_cents, false)
            AND (reference_price_cents IS NOT NULL OR offer_started_at IS NOT NULL)`,
    );
    expect(plain!.n).toBe(0);
  });

  it("has unlisted rows of every kind that are never listed", async () => {
    const unlisted = await rows<{
      status: number;
      brand: string | null;
      short_description: string | null;
      consumer_price_cents: number | null;
      is_listed: boolean;
    }>(
      db,
      sql`SELECT status, brand, short_description, consumer_price_cents, is_listed FROM products WHERE NOT is_listed`,
    );
    expect(unlisted.length).toBeGreaterThan(0);
    expect(unlisted.length).toBeLessThan(40);
    expect(unlisted.some((p) => p.status === 0)).toBe(true);
    expect(unlisted.some((p) => p.brand == null)).toBe(true);
    expect(unlisted.some((p) => !p.consumer_price_cents)).toBe(true);
    expect(unlisted.some((p) => p.short_description == null)).toBe(true);
    // And the filter cache only counts listed products.
    const [cacheTotal] = await rows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(product_count), 0)::int AS n FROM filter_values_cache WHERE category_id = 8 AND filter_type_id = 1`,
    );
    const [listedUnder8] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM products p JOIN product_categories c ON c.id = p.category_id
          LEFT JOIN product_categories c2 ON c2.id = c.parent_id
          WHERE p.is_listed AND (c.parent_id = 8 OR c2.parent_id = 8)`,
    );
    expect(cacheTotal!.n).toBe(listedUnder8!.n);
  });

  it("stores supplier HTML sanitised and leaves some descriptions empty", async () => {
    const [h] = await rows<{
      scripts: number;
      handlers: number;
      tables: number;
      empty: number;
      sanitisedPromo: number;
    }>(
      db,
      sql`SELECT
        count(*) FILTER (WHERE long_description_html ILIKE '%<script%')::int AS scripts,
        count(*) FILTER (WHERE long_description_html ILIKE '%onclick%')::int AS handlers,
        count(*) FILTER (WHERE long_description_html LIKE '%<table>%')::int AS tables,
        count(*) FILTER (WHERE coalesce(long_description_html, '') = '')::int AS empty,
        count(*) FILTER (WHERE long_description_html LIKE '<p>Nu extra voordelig!</p>%')::int AS "sanitisedPromo"
      FROM products`,
    );
    expect(h!.scripts).toBe(0);
    expect(h!.handlers).toBe(0);
    expect(h!.tables).toBeGreaterThan(500);
    expect(h!.empty).toBeGreaterThan(0);
    expect(h!.sanitisedPromo).toBeGreaterThan(0);
  });

  it("has BYE! sports nutrition under 164 with tags and nutrition tables, at 9% VAT", async () => {
    const bye = await rows<{ category_id: number; vat_rate: number; nutrition: unknown }>(
      db,
      sql`SELECT p.category_id, p.vat_rate, p.nutrition FROM products p JOIN product_categories c ON c.id = p.category_id
          WHERE p.brand = 'BYE!' AND p.is_listed`,
    );
    expect(bye.length).toBeGreaterThan(10);
    expect(bye.every((p) => p.vat_rate === 9)).toBe(true);
    const parents = await rows<{ parent_id: number }>(
      db,
      sql`SELECT DISTINCT c.parent_id FROM products p JOIN product_categories c ON c.id = p.category_id WHERE p.brand = 'BYE!'`,
    );
    expect(parents.map((p) => p.parent_id)).toEqual([164]);
    const withTable = bye.filter((p) => Array.isArray(p.nutrition));
    expect(withTable.length / bye.length).toBeGreaterThan(0.6);
    expect((withTable[0]!.nutrition as { label: string }[])[0]).toMatchObject({ label: "Energie" });
    const tags = await rows<{ tag: string }>(db, sql`SELECT DISTINCT tag FROM product_tags ORDER BY tag`);
    expect(tags.map((t) => t.tag)).toEqual(
      expect.arrayContaining([
        "Energie",
        "Hydratatie",
        "Herstel",
        "Vegan",
        "Glutenvrij",
        "Cafeïne",
        "Racefiets",
        "MTB",
      ]),
    );
  });

  it("gives products 1–3 generated images, some none and a few a broken URL", async () => {
    const images = await rows<{ images: string[] }>(db, sql`SELECT images FROM products ORDER BY art_no`);
    const counts = images.map((p) => p.images.length);
    expect(Math.max(...counts)).toBe(3);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(0);
    expect(images.some((p) => p.images[0] === "/media/product/missing.svg")).toBe(true);
    const generated = images.flatMap((p) => p.images).filter((u) => u !== "/media/product/missing.svg");
    expect(generated.every((u) => /^\/media\/product\/\d+-[1-3]\.svg$/.test(u))).toBe(true);
  });

  it("configures filters with fixed filter-type ids, including one inactive filter", async () => {
    const types = await rows<{ id: number; name: string; display_name: string; filter_type: string }>(
      db,
      sql`SELECT id, name, display_name, filter_type FROM filter_types ORDER BY id`,
    );
    expect(types).toEqual([
      { id: 1, name: "brand", display_name: "Merk", filter_type: "multi-select" },
      { id: 2, name: "color", display_name: "Kleur", filter_type: "multi-select" },
      { id: 3, name: "material", display_name: "Materiaal", filter_type: "multi-select" },
      { id: 4, name: "size", display_name: "Maat", filter_type: "select" },
      { id: 5, name: "price_range", display_name: "Prijs", filter_type: "select" },
    ]);
    const for8 = await rows<{ filter_type_id: number }>(
      db,
      sql`SELECT filter_type_id FROM category_filters WHERE category_id = 8 AND is_active ORDER BY display_order`,
    );
    expect(for8.map((r) => r.filter_type_id)).toEqual([1, 2, 3, 4, 5]);
    const for164 = await rows<{ filter_type_id: number }>(
      db,
      sql`SELECT filter_type_id FROM category_filters WHERE category_id = 164 AND is_active ORDER BY display_order`,
    );
    expect(for164.map((r) => r.filter_type_id)).toContain(1);
    expect(for164.map((r) => r.filter_type_id)).not.toContain(2);
    const [inactive] = await rows<{ category_id: number; filter_type_id: number }>(
      db,
      sql`SELECT category_id, filter_type_id FROM category_filters WHERE NOT is_active`,
    );
    expect(inactive).toBeDefined();
    // An inactive filter has no cached values, although its products do carry that attribute.
    const [cached] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM filter_values_cache WHERE category_id = ${inactive!.category_id} AND filter_type_id = ${inactive!.filter_type_id}`,
    );
    expect(cached!.n).toBe(0);
    const [present] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM products WHERE category_id = ${inactive!.category_id} AND colour IS NOT NULL`,
    );
    expect(present!.n).toBeGreaterThan(0);
  });

  it("caches filter values whose counts equal live counts", async () => {
    for (const [categoryId, filterTypeId, column] of [
      [100, 1, "brand"],
      [102, 3, "material"],
      [164, 1, "brand"],
      [8, 2, "colour"],
    ] as const) {
      const cached = await rows<{ value: string; product_count: number }>(
        db,
        sql`SELECT value, product_count FROM filter_values_cache
            WHERE category_id = ${categoryId} AND filter_type_id = ${filterTypeId} ORDER BY value`,
      );
      const live = await rows<{ value: string; product_count: number }>(
        db,
        sql.raw(`WITH RECURSIVE tree(id) AS (SELECT ${categoryId} UNION ALL SELECT c.id FROM product_categories c JOIN tree ON c.parent_id = tree.id)
          SELECT ${column} AS value, count(*)::int AS product_count FROM products
          WHERE is_listed AND category_id IN (SELECT id FROM tree) AND coalesce(${column}, '') <> ''
          GROUP BY ${column} ORDER BY ${column}`),
      );
      if (categoryId === 102) {
        // Banden has no filters of its own (it is a parent at level 2): nothing cached.
        expect(cached).toEqual([]);
        continue;
      }
      expect(live.length).toBeGreaterThan(0);
      expect(cached).toEqual(live);
    }
  });

  it("rebuilds the cache for one category and its ancestors after a change", async () => {
    const [target] = await rows<{ art_no: number; brand: string }>(
      db,
      sql`SELECT art_no, brand FROM products WHERE category_id = 100 AND is_listed ORDER BY art_no LIMIT 1`,
    );
    await db.execute(sql`UPDATE products SET brand = 'Testmerk' WHERE art_no = ${target!.art_no}`);
    try {
      await rebuildFilterValueCache(db, [100]);
      const counts = await rows<{ category_id: number; product_count: number }>(
        db,
        sql`SELECT category_id, product_count FROM filter_values_cache WHERE value = 'Testmerk' ORDER BY category_id`,
      );
      expect(counts).toEqual([
        { category_id: 8, product_count: 1 },
        { category_id: 100, product_count: 1 },
      ]);
    } finally {
      await db.execute(sql`UPDATE products SET brand = ${target!.brand} WHERE art_no = ${target!.art_no}`);
      await rebuildFilterValueCache(db);
    }
  });

  it("has the content: slides, two blog posts, seven quiz questions, settings", async () => {
    const slides = await rows<{ is_active: boolean; cta_link: string; bg_image: string }>(
      db,
      sql`SELECT is_active, cta_link, bg_image FROM homepage_carousel ORDER BY sort_order`,
    );
    expect(slides.filter((s) => s.is_active).length).toBeGreaterThanOrEqual(3);
    expect(slides.filter((s) => !s.is_active).length).toBe(1);
    const links = ["/products", "/sportvoeding", "/reiniging", "/smering", "/fietsonderdelen", "/blog", "/contact"];
    for (const s of slides) {
      expect(links).toContain(s.cta_link);
      expect(s.bg_image).toMatch(/^\/media\/hero\/\d\.svg$/);
    }
    const posts = await rows<{ slug: string; content_html: string; thumbnail: string; featured_image: string }>(
      db,
      sql`SELECT slug, content_html, thumbnail, featured_image FROM blog_posts ORDER BY slug`,
    );
    expect(posts.map((p) => p.slug)).toEqual(["energy-gels-ingredienten", "sportvoeding-kwart-triathlon"]);
    for (const p of posts) {
      expect(
        p.content_html
          .replace(/<[^>]+>/g, " ")
          .split(/\s+/)
          .filter(Boolean).length,
      ).toBeGreaterThanOrEqual(600);
      expect(p.content_html).toContain("<h2>");
      expect(p.content_html).toContain("<ul>");
      expect(p.thumbnail).toBe(`/media/blog/${p.slug}-thumb.svg`);
      expect(p.featured_image).toBe(`/media/blog/${p.slug}-hero.svg`);
    }
    const quiz = await rows<{ position: number; is_true: boolean; explanation: string }>(
      db,
      sql`SELECT position, is_true, explanation FROM quiz_questions ORDER BY position`,
    );
    expect(quiz.map((q) => q.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(quiz.some((q) => q.is_true) && quiz.some((q) => !q.is_true)).toBe(true);
    expect(quiz.every((q) => q.explanation.length > 20)).toBe(true);
    const [settings] = await rows<{ id: number; maintenance_mode: boolean }>(
      db,
      sql`SELECT id, maintenance_mode FROM site_settings`,
    );
    expect(settings).toEqual({ id: 1, maintenance_mode: false });
  });

  it("does nothing when run a second time", async () => {
    const before = await fingerprint(db);
    expect(await seedDemoIfEmpty(db, logger)).toBeNull();
    expect(await fingerprint(db)).toEqual(before);
  });

  it("produces exactly the same data on another fresh database", async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoIfEmpty(other.db, logger);
      expect(await fingerprint(other.db)).toEqual(await fingerprint(db));
    } finally {
      await other.close();
    }
  });

  it("builds a larger catalogue from the same generator, starting with the demo products", async () => {
    const other = await createTestDatabase();
    try {
      const counts = await seedCatalogue(other.db, { products: 1500 });
      expect(counts.products).toBe(1500);
      const [same] = await rows<{ digest: string }>(
        other.db,
        sql`SELECT md5(string_agg(t::text, '|')) AS digest FROM (SELECT * FROM products WHERE art_no < 10641 ORDER BY art_no) t`,
      );
      const [demo] = await rows<{ digest: string }>(
        db,
        sql`SELECT md5(string_agg(t::text, '|')) AS digest FROM (SELECT * FROM products WHERE art_no < 10641 ORDER BY art_no) t`,
      );
      expect(same!.digest).toBe(demo!.digest);
      await expect(seedCatalogue(other.db, { products: 10 })).rejects.toThrow(/--reset/);
      const again = await seedCatalogue(other.db, { products: 700, reset: true });
      expect(again.products).toBe(700);
      const [n] = await rows<{ n: number }>(other.db, sql`SELECT count(*)::int AS n FROM products`);
      expect(n!.n).toBe(700);
      expect(await listingOrderDrift(other.db)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
