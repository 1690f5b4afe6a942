import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../app/db/schema";
import { getCategoryTree, getChildCategories } from "../../app/features/catalogue/categories.server";
import { countListedProducts, listedCountsByCategory } from "../../app/features/catalogue/listed-counts.server";
import { rowsOf } from "../../app/db/rows.server";
import { sitemapPageCount, sitemapProductUrls } from "../../app/features/content/sitemap.server";
import { createCategory, createProduct } from "../support/factories";
import { useTestDatabase } from "../support/fixture";

/** The listed-product counts the database keeps per category (issue 14), against a fresh count. */
describe("the kept counts of listed products", () => {
  const database = useTestDatabase();
  const db = () => database.db;

  /** What the counts must be: products counted now, the way the storefront used to per request. */
  const countedNow = async () => {
    const rows = rowsOf<{ category_id: number; n: number }>(
      await db().execute(
        sql`SELECT category_id, count(*)::int AS n FROM products WHERE is_listed AND category_id IS NOT NULL GROUP BY category_id`,
      ),
    );
    const [all] = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM products WHERE is_listed`),
    );
    return {
      byCategory: new Map(rows.map((r) => [Number(r.category_id), Number(r.n)])),
      all: Number(all!.n),
    };
  };
  const expectKeptCountsRight = async () => {
    const now = await countedNow();
    expect(await listedCountsByCategory(db())).toEqual(now.byCategory);
    expect(await countListedProducts(db())).toBe(now.all);
  };

  it("follow inserts, bulk upserts, listing changes, category moves and deletes", async () => {
    const parent = await createCategory(db(), { name: "Tellen ouder" });
    const left = await createCategory(db(), { name: "Tellen links", parentId: parent.id, level: 2 });
    const right = await createCategory(db(), { name: "Tellen rechts", parentId: parent.id, level: 2 });
    const before = await countListedProducts(db());

    const [a, b] = await Promise.all([
      createProduct(db(), { categoryId: left.id }),
      createProduct(db(), { categoryId: left.id }),
      createProduct(db(), { categoryId: right.id }),
      createProduct(db(), { categoryId: null }),
      createProduct(db(), { categoryId: right.id, status: 0 }), // not listed
    ]);
    await expectKeptCountsRight();
    expect((await listedCountsByCategory(db())).get(left.id)).toBe(2);
    expect(await countListedProducts(db())).toBe(before + 4);

    // Unlisted by its status, then by an empty price; listed again.
    await db().update(products).set({ status: 0 }).where(eq(products.artNo, a!.artNo));
    await db().update(products).set({ consumerPriceCents: 0 }).where(eq(products.artNo, b!.artNo));
    await expectKeptCountsRight();
    expect((await listedCountsByCategory(db())).has(left.id)).toBe(false);
    await db().update(products).set({ status: 1 }).where(eq(products.artNo, a!.artNo));
    await expectKeptCountsRight();

    // Moved to another category, and out of any category.
    await db().update(products).set({ categoryId: right.id }).where(eq(products.artNo, a!.artNo));
    await expectKeptCountsRight();
    await db().update(products).set({ categoryId: null }).where(eq(products.artNo, a!.artNo));
    await expectKeptCountsRight();

    // One statement for many rows, as the supplier feed writes them: new rows and updates at once.
    await db().execute(sql`
      INSERT INTO products (art_no, brand, short_description, consumer_price_cents, status, category_id)
      VALUES (${b!.artNo}, 'Shimano', 'Weer te koop', 1995, 1, ${right.id}),
             (990101, 'Shimano', 'Nieuw in bulk', 995, 1, ${left.id}),
             (990102, 'Shimano', 'Nieuw in bulk 2', 995, 1, ${left.id}),
             (990103, 'Shimano', 'Nieuw, niet actief', 995, 0, ${left.id})
      ON CONFLICT (art_no) DO UPDATE SET consumer_price_cents = excluded.consumer_price_cents,
        category_id = excluded.category_id`);
    await expectKeptCountsRight();

    // A price change writes no count at all (and so never waits for a count row's lock).
    const counts = await listedCountsByCategory(db());
    await db()
      .update(products)
      .set({ consumerPriceCents: 2495 })
      .where(inArray(products.artNo, [990101, 990102]));
    expect(await listedCountsByCategory(db())).toEqual(counts);

    await db()
      .delete(products)
      .where(inArray(products.artNo, [990101, 990103, a!.artNo]));
    await expectKeptCountsRight();
  });

  it("are what the category tree, the subcategory cards and the sitemap show", async () => {
    const parent = await createCategory(db(), { name: "Boom ouder" });
    const child = await createCategory(db(), { name: "Boom kind", parentId: parent.id, level: 2 });
    const grandchild = await createCategory(db(), { name: "Boom kleinkind", parentId: child.id, level: 3 });
    await Promise.all([
      createProduct(db(), { categoryId: child.id }),
      createProduct(db(), { categoryId: grandchild.id }),
      createProduct(db(), { categoryId: grandchild.id }),
      createProduct(db(), { categoryId: grandchild.id, status: 0 }),
    ]);
    const node = (await getCategoryTree(db())).find((n) => n.id === parent.id)!;
    expect(node.productCount).toBe(3);
    expect(node.children.map((c) => [c.name, c.productCount])).toEqual([["Boom kind", 3]]);
    expect((await getChildCategories(db(), parent.id)).map((c) => [c.name, c.productCount])).toEqual([
      ["Boom kind", 3],
    ]);
    expect((await getChildCategories(db(), child.id)).map((c) => [c.name, c.productCount])).toEqual([
      ["Boom kleinkind", 2],
    ]);
    // The sitemap's product pages follow ArtNo ranges (issue 14: a seek, no OFFSET); together they
    // hold every listed product once.
    let inSitemap = 0;
    for (let page = 2; page <= (await sitemapPageCount(db())); page++)
      inSitemap += (await sitemapProductUrls(db(), page)).length;
    expect(inSitemap).toBe((await countedNow()).all);
  });

  it("start from zero again when the catalogue is emptied at once", async () => {
    await db().execute(sql`TRUNCATE products CASCADE`);
    expect(await countListedProducts(db())).toBe(0);
    await createProduct(db(), { categoryId: null });
    await expectKeptCountsRight();
  });
});
