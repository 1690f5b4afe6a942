import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { products, stock } from "../../app/db/schema";
import type { SortKey } from "../../app/features/catalogue/listing-params";
import { getFilterTypes, listProducts } from "../../app/features/catalogue/listing.server";
import { createFilterTypes, FILTER } from "../support/catalogue-factories";
import { createCategory } from "../support/factories";
import { useTestApp } from "../support/fixture";

const CAT = 420;
const COUNT = 4_410;
const BRANDS = ["Alpha", "Beta", "Gamma"];

/**
 * A deep page in the second half of a category without filters is read from the end of its order
 * (issue 14): the same order with every direction turned, skipping the rows after the page. Each such
 * page must be exactly the page that counting from the start gives, in every order, including the
 * short last page and the turn from in stock to out of stock. Products: 4 410 in one category (221
 * pages of 20, the last holding 10), names and prices with ties (so the ArtNo decides), a third out
 * of stock, ArtNos unrelated to either order; one unlisted product.
 */
describe("deep pages read from the end", () => {
  const { database } = useTestApp();

  const list = async (sort: SortKey, page: number, options: { stockFirst?: boolean; brand?: string } = {}) =>
    listProducts(database.db, {
      categoryIds: [CAT],
      filters: options.brand ? { [FILTER.brand]: [options.brand] } : {},
      filterTypes: await getFilterTypes(database.db, CAT),
      sort,
      page,
      stockFirst: options.stockFirst,
    });
  /** The whole listing by the plain query: every listed product sorted. */
  const truth = async (order: SQL, where: SQL = sql`TRUE`) =>
    rowsOf<{ art_no: number }>(
      await database.db.execute(sql`
        SELECT b.art_no FROM listing_stock_order b
        WHERE b.is_listed AND b.category_id = ${CAT} AND ${where} ORDER BY ${order}`),
    ).map((r) => Number(r.art_no));
  const artNos = (listing: { products: { artNo: number }[] }) => listing.products.map((p) => p.artNo);

  beforeAll(async () => {
    const db = database.db;
    await createFilterTypes(db);
    await createCategory(db, { id: CAT, name: "Binnenbanden", level: 1 });
    const rows: (typeof products.$inferInsert)[] = [];
    for (let i = 0; i < COUNT; i++) {
      rows.push({
        artNo: 900_000 + ((i * 7919) % 10_000),
        brand: BRANDS[i % 3]!,
        shortDescription: `Binnenband ${String(i % 300).padStart(3, "0")}`,
        consumerPriceCents: 500 + (i % 97) * 10,
        categoryId: CAT,
      });
    }
    rows.push({
      artNo: 919_999,
      brand: "Alpha",
      shortDescription: "Binnenband oud",
      consumerPriceCents: 1,
      categoryId: CAT,
      status: 0,
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(products).values(rows.slice(i, i + 500));
    const stocked = rows.filter((_, i) => i % 3 !== 0).map((r) => ({ artNo: r.artNo, quantity: 2 }));
    for (let i = 0; i < stocked.length; i += 500) await db.insert(stock).values(stocked.slice(i, i + 500));
  });

  it("lists every deep page as counting from the start would, in every order", async () => {
    const cases: [SortKey, SQL, boolean][] = [
      ["default", sql`b.in_stock DESC, b.sort_key, b.art_no`, false],
      ["name-asc", sql`b.sort_key, b.art_no`, false],
      ["name-desc", sql`b.sort_key DESC, b.art_no DESC`, false],
      ["price-asc", sql`b.effective_price_cents, b.sort_key, b.art_no`, false],
      ["price-desc", sql`b.effective_price_cents DESC, b.sort_key DESC, b.art_no DESC`, false],
      ["price-asc", sql`b.in_stock DESC, b.effective_price_cents, b.sort_key, b.art_no`, true],
    ];
    for (const [sort, order, stockFirst] of cases) {
      const all = await truth(order);
      expect(all).toHaveLength(COUNT);
      // 111: just past the middle; 148: holds the turn from in stock (2 940) to out of stock; 221: the last, 10 rows
      for (const page of [101, 111, 148, 220, 221]) {
        const listing = await list(sort, page, { stockFirst });
        expect(artNos(listing), `${sort}${stockFirst ? " stock first" : ""} page ${page}`).toEqual(
          all.slice((page - 1) * 20, page * 20),
        );
        expect(listing.total).toBe(COUNT);
      }
    }
  });

  it("counts a filtered deep page from the start", async () => {
    const all = await truth(sql`b.effective_price_cents DESC, b.sort_key DESC, b.art_no DESC`, sql`b.brand = 'Beta'`);
    expect(all).toHaveLength(COUNT / 3);
    const listing = await list("price-desc", 70, { brand: "Beta" });
    expect(artNos(listing)).toEqual(all.slice(69 * 20, 70 * 20));
  });
});
