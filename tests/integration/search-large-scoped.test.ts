import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { products } from "../../app/db/schema";
import { getFilterTypes, listProducts } from "../../app/features/catalogue/listing.server";
import { refreshSearchBlocks } from "../../app/features/search/search-blocks.server";
import { createFilterTypes } from "../support/catalogue-factories";
import { createCategory } from "../support/factories";
import { useTestDatabase } from "../support/fixture";

const WIDE = 300;
const NARROW = 301;
const SPARSE = 302;

/**
 * A search in a category, for a term with more matches than a search looks at first (5 000): the
 * category that holds most of them is walked; one that holds few of them is read whole (it is
 * small), and one of those that holds more than 1 000 is searched through the trigram indexes. Each
 * must give exactly the page of the plain query.
 * 6 300 "band" products: 5 000 in WIDE, then, sorting after them, 200 in NARROW and 1 100 in SPARSE
 * (NARROW and SPARSE also hold 50 and 400 products that do not match).
 */
describe("a search in a category, with many matches elsewhere", () => {
  const database = useTestDatabase();
  const truth = async (categoryId: number) =>
    rowsOf<{ art_no: number }>(
      await database.db.execute(sql`
        SELECT b.art_no FROM listing_stock_order b JOIN product_search s USING (art_no)
        WHERE b.is_listed AND b.category_id = ${categoryId} AND s.sort_key LIKE '%band%'
        ORDER BY b.in_stock DESC, b.sort_key, b.art_no`),
    ).map((r) => Number(r.art_no));
  const search = async (categoryId: number, page: number) =>
    listProducts(database.db, {
      categoryIds: [categoryId],
      q: "band",
      filters: {},
      filterTypes: await getFilterTypes(database.db, categoryId),
      sort: "default",
      page,
    });

  beforeAll(async () => {
    const db = database.db;
    await createFilterTypes(db);
    await createCategory(db, { id: WIDE, name: "Banden", level: 1 });
    await createCategory(db, { id: NARROW, name: "Zadels", level: 1 });
    await createCategory(db, { id: SPARSE, name: "Zadelpennen", level: 1 });
    const rows = Array.from({ length: 5_200 }, (_, i) => ({
      artNo: 800_000 + i,
      brand: "Merk",
      shortDescription:
        i < 5_000
          ? `Buitenband ${String((i * 7919) % 5_000).padStart(4, "0")}`
          : `Zz zadelband ${String(i).padStart(4, "0")}`,
      consumerPriceCents: 1_000 + (i % 300),
      categoryId: i < 5_000 ? WIDE : NARROW,
    }));
    rows.push(
      ...Array.from({ length: 50 }, (_, i) => ({
        artNo: 805_300 + i,
        brand: "Merk",
        shortDescription: `Zadel ${i}`,
        consumerPriceCents: 1_500,
        categoryId: NARROW,
      })),
      ...Array.from({ length: 1_500 }, (_, i) => ({
        artNo: 810_000 + i,
        brand: "Merk",
        shortDescription: i < 1_100 ? `Zz zadelpenband ${String(i).padStart(4, "0")}` : `Zadelpen ${i}`,
        consumerPriceCents: 2_000 + (i % 500),
        categoryId: SPARSE,
      })),
    );
    for (let i = 0; i < rows.length; i += 1_000) await db.insert(products).values(rows.slice(i, i + 1_000));
    await refreshSearchBlocks(db);
  });

  it("walks the category that holds most matches, and caps its total", async () => {
    const all = await truth(WIDE);
    const listing = await search(WIDE, 3);
    expect(listing.products.map((p) => p.artNo)).toEqual(all.slice(40, 60));
    expect(listing.totalCapped).toBe(true);
    // The facets and the price bounds come from a sample of the category's own matches: lower bounds.
    const brand = listing.facets.find((f) => f.name === "brand")!;
    expect(brand.values).toEqual([expect.objectContaining({ value: "Merk", atLeast: true })]);
    expect(brand.values[0]!.count).toBeGreaterThan(100);
    expect(listing.priceBounds.min).toBeGreaterThanOrEqual(10);
    expect(listing.priceBounds.max).toBeLessThanOrEqual(13);
  });

  it("finds every match of the category that holds few, though they come after the first 5 000", async () => {
    const all = await truth(NARROW);
    expect(all).toHaveLength(200);
    const listing = await search(NARROW, 2);
    expect(listing.products.map((p) => p.artNo)).toEqual(all.slice(20, 40));
    expect(listing.total).toBe(200);
    expect(listing.totalCapped).toBe(false);
  });

  it("lists every page of a category that holds more than 1 000 of the matches, none among the first 5 000", async () => {
    const all = await truth(SPARSE);
    expect(all).toHaveLength(1_100);
    for (const page of [1, 2, 55]) {
      const listing = await search(SPARSE, page);
      expect(
        listing.products.map((p) => p.artNo),
        `page ${page}`,
      ).toEqual(all.slice((page - 1) * 20, page * 20));
      expect(listing.total).toBe(1_100);
    }
  });
});
