import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { products, stock } from "../../app/db/schema";
import { EXACT_SEARCH_LIMIT } from "../../app/features/catalogue/facet-caps";
import type { SortKey } from "../../app/features/catalogue/listing-params";
import { getFilterTypes, listProducts } from "../../app/features/catalogue/listing.server";
import { refreshSearchBlocks } from "../../app/features/search/search-blocks.server";
import { productLinks, textOf } from "../support/catalogue-html";
import { createFilterTypes, FILTER } from "../support/catalogue-factories";
import { createCategory } from "../support/factories";
import { useTestApp } from "../support/fixture";

const BRANDS = ["Alpha", "Beta", "Gamma", "Delta"];
const COLOURS = ["Rood", "Groen", "Blauw"];
const MATCHES = 1_400;
const BRAND_ONLY = 30;
const CAT_A = 300;
const CAT_B = 301;
const CAT_C = 302;

/**
 * A search with more matches than EXACT_SEARCH_LIMIT (issue 14): its pages are walked through
 * search_blocks in the page's order instead of sorting every match. Each page must be exactly the
 * page of the simple query that sorts every match. Products: 1 400 "… ketting …" descriptions in an
 * order unrelated to their ArtNos, 190 of them out of stock (so the in-stock-first order turns over
 * inside page 61); 30 products that match through their brand only ("Kettingwerk"), out of stock;
 * 600 that do not match; one unlisted match.
 */
describe("a search with many matches", () => {
  const { app, database } = useTestApp();
  const outOfStock = (i: number) => i % 7 === 0 && i < 1_330;

  /** The same listing by the plain query: every match sorted. */
  const truth = async (order: SQL, extra: SQL = sql`TRUE`) =>
    rowsOf<{ art_no: number }>(
      await database.db.execute(sql`
        SELECT b.art_no FROM listing_stock_order b JOIN product_search s USING (art_no)
        WHERE b.is_listed AND (s.sort_key LIKE '%ketting%' OR lower(s.brand) LIKE '%ketting%') AND ${extra}
        ORDER BY ${order}`),
    ).map((r) => Number(r.art_no));
  const DEFAULT_ORDER = sql`b.in_stock DESC, b.sort_key, b.art_no`;

  const search = async (
    options: {
      sort?: SortKey;
      page?: number;
      filters?: Record<number, string[]>;
      categoryIds?: number[];
      stockFirst?: boolean;
    } = {},
  ) =>
    listProducts(database.db, {
      categoryIds: options.categoryIds ?? null,
      q: "ketting",
      filters: options.filters ?? {},
      filterTypes: await getFilterTypes(database.db, null),
      sort: options.sort ?? "default",
      page: options.page ?? 1,
      stockFirst: options.stockFirst,
    });
  const artNosOf = (listing: { products: { artNo: number }[] }) => listing.products.map((p) => p.artNo);

  beforeAll(async () => {
    const db = database.db;
    await createFilterTypes(db);
    await createCategory(db, { id: CAT_A, name: "Kettingen", level: 1 });
    await createCategory(db, { id: CAT_B, name: "Aandrijving", level: 1 });
    await createCategory(db, { id: CAT_C, name: "Pompen", level: 1 });
    const rows: (typeof products.$inferInsert)[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const brand = BRANDS[i % 4]!;
      rows.push({
        artNo: 700_000 + i,
        brand,
        colour: COLOURS[i % 3]!,
        shortDescription: `${brand} ketting ${String((i * 7919) % MATCHES).padStart(4, "0")}`,
        consumerPriceCents: 1000 + ((i * 37) % 500),
        categoryId: i % 5 === 0 ? CAT_B : CAT_A,
      });
    }
    for (let i = 0; i < BRAND_ONLY; i++) {
      rows.push({
        artNo: 710_000 + i,
        brand: "Kettingwerk",
        shortDescription: `Schakelpen ${i}`,
        consumerPriceCents: 500 + i,
        categoryId: CAT_A,
      });
    }
    for (let i = 0; i < 600; i++) {
      rows.push({
        artNo: 720_000 + i,
        brand: "Beta",
        shortDescription: `Zadel ${i}`,
        consumerPriceCents: 2000,
        categoryId: CAT_A,
      });
    }
    for (let i = 0; i < 50; i++) {
      rows.push({
        artNo: 740_000 + i,
        brand: "Beta",
        shortDescription: `Pomp ${i}`,
        consumerPriceCents: 100,
        categoryId: CAT_C,
      });
    }
    rows.push({
      artNo: 730_000,
      brand: "Alpha",
      shortDescription: "Alpha ketting oud",
      consumerPriceCents: 100,
      status: 0,
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(products).values(rows.slice(i, i + 500));
    const stocked = rows
      .filter((r) => r.artNo < 710_000 && !outOfStock(r.artNo - 700_000))
      .map((r) => ({ artNo: r.artNo, quantity: 5 }));
    for (let i = 0; i < stocked.length; i += 500) await db.insert(stock).values(stocked.slice(i, i + 500));
    await refreshSearchBlocks(db);
  });

  it("has more matches than are counted exactly", async () => {
    expect((await truth(DEFAULT_ORDER)).length).toBe(MATCHES + BRAND_ONLY);
    expect(MATCHES).toBeGreaterThan(EXACT_SEARCH_LIMIT);
  });

  it("lists each page of the default order (in stock first) as sorting every match would", async () => {
    const all = await truth(DEFAULT_ORDER);
    const inStock = (await truth(DEFAULT_ORDER, sql`b.in_stock`)).length;
    expect(inStock).toBe(1_210); // page 61 holds the last 10 in stock and the first 10 not
    for (const page of [1, 2, 61, 62, 72]) {
      expect(artNosOf(await search({ page })), `page ${page}`).toEqual(all.slice((page - 1) * 20, page * 20));
    }
    expect(all).toContain(710_000); // a brand-only match is part of the answer
    expect(all).not.toContain(730_000);
  });

  it("says there are more than 1 000 on the first pages and counts exactly near the end", async () => {
    const first = await search();
    expect(first.totalCapped).toBe(true);
    expect(first.total).toBe(1_000);
    const last = await search({ page: 72 });
    expect(last.totalCapped).toBe(false);
    expect(last.total).toBe(MATCHES + BRAND_ONLY);
    expect(last.totalPages).toBe(72);
  });

  it("lists the name orders and the price orders as sorting every match would", async () => {
    const cases: [SortKey, SQL, number][] = [
      ["name-asc", sql`b.sort_key, b.art_no`, 2],
      ["name-desc", sql`b.sort_key DESC, b.art_no DESC`, 3],
      ["price-asc", sql`b.effective_price_cents, b.sort_key, b.art_no`, 2],
      ["price-desc", sql`b.effective_price_cents DESC, b.sort_key DESC, b.art_no DESC`, 1],
    ];
    for (const [sort, order, page] of cases) {
      const all = await truth(order);
      expect(artNosOf(await search({ sort, page })), sort).toEqual(all.slice((page - 1) * 20, page * 20));
    }
  });

  it("lists every page of the price orders as sorting every match would: in stock first, in a category with a filter", async () => {
    const ASC = sql`b.effective_price_cents, b.sort_key, b.art_no`;
    const DESC = sql`b.effective_price_cents DESC, b.sort_key DESC, b.art_no DESC`;
    const asc = await truth(ASC);
    const desc = await truth(DESC);
    expect(asc.slice(0, 30)).toEqual(expect.arrayContaining([710_000, 710_029])); // brand-only matches are cheapest
    for (const page of [1, 2, 36, 71, 72]) {
      expect(artNosOf(await search({ sort: "price-asc", page })), `price-asc page ${page}`).toEqual(
        asc.slice((page - 1) * 20, page * 20),
      );
      expect(artNosOf(await search({ sort: "price-desc", page })), `price-desc page ${page}`).toEqual(
        desc.slice((page - 1) * 20, page * 20),
      );
    }
    const stockFirst = await truth(sql`b.in_stock DESC, ${ASC}`);
    for (const page of [1, 61, 62, 72]) {
      expect(artNosOf(await search({ sort: "price-asc", stockFirst: true, page })), `stock first page ${page}`).toEqual(
        stockFirst.slice((page - 1) * 20, page * 20),
      );
    }
    const scoped = await truth(DESC, sql`b.category_id = ${CAT_A} AND b.brand = 'Gamma'`);
    const listing = await search({
      sort: "price-desc",
      categoryIds: [CAT_A],
      filters: { [FILTER.brand]: ["Gamma"] },
      page: 3,
    });
    expect(scoped.length).toBeGreaterThan(60);
    expect(artNosOf(listing)).toEqual(scoped.slice(40, 60));
    // The whole category, more than 1 000 matches: every page to the short last one, both ways.
    for (const [sort, order] of [
      ["price-asc", ASC],
      ["price-desc", DESC],
    ] as const) {
      const inCategory = await truth(order, sql`b.category_id = ${CAT_A}`);
      expect(inCategory.length).toBe(1_150);
      // Alone, and with a category that holds no match (the cheapest products, all "Pomp").
      for (const categoryIds of [[CAT_A], [CAT_A, CAT_C]]) {
        for (const page of [1, 2, 30, 58]) {
          expect(
            artNosOf(await search({ sort, categoryIds, page })),
            `${sort} in ${categoryIds.join(",")} page ${page}`,
          ).toEqual(inCategory.slice((page - 1) * 20, page * 20));
        }
      }
      // Categories of which two hold matches.
      const inBoth = await truth(order, sql`b.category_id IN (${CAT_A}, ${CAT_B})`);
      for (const page of [1, 36, 72]) {
        expect(
          artNosOf(await search({ sort, categoryIds: [CAT_A, CAT_B, CAT_C], page })),
          `${sort} in three page ${page}`,
        ).toEqual(inBoth.slice((page - 1) * 20, page * 20));
      }
    }
  });

  it("shows a new price in the price order at once", async () => {
    await database.db.execute(sql`UPDATE products SET consumer_price_cents = 1 WHERE art_no = 700005`);
    expect(artNosOf(await search({ sort: "price-asc" }))[0]).toBe(700_005);
    await database.db.execute(sql`UPDATE products SET consumer_price_cents = 99999 WHERE art_no = 700005`);
    expect(artNosOf(await search({ sort: "price-desc" }))[0]).toBe(700_005);
  });

  it("applies a category and filters to the walk, and counts a small filtered total exactly", async () => {
    const listing = await search({ categoryIds: [CAT_B], filters: { [FILTER.brand]: ["Alpha"] }, page: 2 });
    const all = await truth(DEFAULT_ORDER, sql`b.category_id = ${CAT_B} AND b.brand = 'Alpha'`);
    expect(all.length).toBe(70);
    expect(artNosOf(listing)).toEqual(all.slice(20, 40));
    expect(listing.total).toBe(70);
    expect(listing.totalCapped).toBe(false);
  });

  it("counts the facets in a sample: lower bounds, marked as such", async () => {
    const listing = await search({ filters: { [FILTER.brand]: ["Gamma"] } });
    const brand = listing.facets.find((f) => f.id === FILTER.brand)!;
    expect(brand.capped).toBe(true);
    const counted = brand.values.filter((v) => v.count > 0);
    expect(counted.map((v) => v.value)).toEqual(expect.arrayContaining(BRANDS));
    for (const value of counted) {
      expect(value.atLeast).toBe(true);
      const exact = (await truth(DEFAULT_ORDER, sql`b.brand = ${value.value}`)).length;
      expect(value.count).toBeLessThanOrEqual(exact);
    }
    expect(brand.values.find((v) => v.value === "Gamma")?.selected).toBe(true);
  });

  it("finds a product renamed into the first place before the blocks are refreshed", async () => {
    await database.db.execute(sql`UPDATE products SET short_description = 'Aaa ketting nieuw' WHERE art_no = 720000`);
    await database.db.insert(stock).values({ artNo: 720_000, quantity: 3 });
    expect(artNosOf(await search())[0]).toBe(720_000);
    expect(artNosOf(await search({ page: 2 }))).toEqual((await truth(DEFAULT_ORDER)).slice(20, 40));
  });

  it("tells the shopper on the page that the total and the filter counts stopped counting", async () => {
    const { status, html } = await app.html("/products?q=ketting");
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Meer dan 1.000 producten");
    expect(text).toContain("Bij zoekopdrachten met veel resultaten tellen we per filter een deel van de producten");
    expect(productLinks(html)).toHaveLength(20);
  });
});
