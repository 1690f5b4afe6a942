import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, stock } from "../../app/db/schema";
import type { SortKey } from "../../app/features/catalogue/listing-params";
import { getFilterTypes, listProducts } from "../../app/features/catalogue/listing.server";
import { anchorWith, hrefs, productLinks } from "../support/catalogue-html";
import { createFilterTypes, FILTER } from "../support/catalogue-factories";
import { createCategory } from "../support/factories";
import { useTestApp } from "../support/fixture";

const CAT = 410;
const COUNT = 130;
const BRANDS = ["Alpha", "Beta", "Gamma"];

/**
 * Keyset paging behind the page numbers (ADR 0007): "Volgende" carries the last product of the
 * page (`na`), and the next page is read on from that product's sort keys. Every page reached that
 * way must be exactly the page that OFFSET gives, in every order, with filters, and across the turn
 * from in stock to out of stock. Products: 130 in one category, prices and names with ties (so the
 * ArtNo decides), a third out of stock, ArtNos unrelated to either order.
 */
describe("keyset paging", () => {
  const { app, database } = useTestApp();

  const list = async (options: {
    sort: SortKey;
    page: number;
    after?: number | null;
    stockFirst?: boolean;
    filters?: Record<number, string[]>;
  }) =>
    listProducts(database.db, {
      categoryIds: [CAT],
      filters: options.filters ?? {},
      filterTypes: await getFilterTypes(database.db, CAT),
      sort: options.sort,
      page: options.page,
      after: options.after ?? null,
      stockFirst: options.stockFirst,
    });
  const artNos = (listing: { products: { artNo: number }[] }) => listing.products.map((p) => p.artNo);

  beforeAll(async () => {
    const db = database.db;
    await createFilterTypes(db);
    await createCategory(db, { id: CAT, name: "Remblokken", level: 1 });
    const rows: (typeof products.$inferInsert)[] = [];
    for (let i = 0; i < COUNT; i++) {
      rows.push({
        artNo: 800_000 + ((i * 7919) % 1_000),
        brand: BRANDS[i % 3]!,
        // 40 names, each for 3 or 4 products; 25 prices
        shortDescription: `Remblok ${String(i % 40).padStart(2, "0")}`,
        consumerPriceCents: 1_000 + (i % 25) * 100,
        categoryId: CAT,
      });
    }
    await db.insert(products).values(rows);
    await db.insert(stock).values(rows.filter((_, i) => i % 3 !== 0).map((r) => ({ artNo: r.artNo, quantity: 4 })));
  });

  const orders: { sort: SortKey; stockFirst?: boolean }[] = [
    { sort: "default" },
    { sort: "name-asc" },
    { sort: "name-desc" },
    { sort: "price-asc" },
    { sort: "price-desc" },
    { sort: "name-desc", stockFirst: true },
    { sort: "price-asc", stockFirst: true },
  ];

  it("reads every page on from the last product of the page before, as OFFSET would list it", async () => {
    for (const order of orders) {
      const label = `${order.sort}${order.stockFirst ? " stock first" : ""}`;
      let after: number | null = null;
      const seen: number[] = [];
      for (let page = 1; page <= 7; page++) {
        const byOffset = artNos(await list({ ...order, page }));
        const byKeyset = artNos(await list({ ...order, page, after }));
        expect(byKeyset, `${label}, page ${page}`).toEqual(byOffset);
        seen.push(...byKeyset);
        after = byKeyset.at(-1) ?? null;
      }
      expect(new Set(seen).size, label).toBe(COUNT);
    }
  });

  it("keeps the filters on the pages it reads on", async () => {
    const filters = { [FILTER.brand]: ["Beta", "Gamma"] };
    const first = await list({ sort: "default", page: 1, filters });
    const second = await list({ sort: "default", page: 2, after: first.products.at(-1)!.artNo, filters });
    expect(artNos(second)).toEqual(artNos(await list({ sort: "default", page: 2, filters })));
    expect(second.products.every((p) => p.brand !== "Alpha")).toBe(true);
  });

  it("counts from the start when the product it names is unknown or has nothing after it", async () => {
    const page3 = artNos(await list({ sort: "name-asc", page: 3 }));
    expect(artNos(await list({ sort: "name-asc", page: 3, after: 999_999 }))).toEqual(page3);
    const last = artNos(await list({ sort: "name-asc", page: 7 })).at(-1)!;
    expect(artNos(await list({ sort: "name-asc", page: 3, after: last }))).toEqual(page3);
  });

  it("links Volgende with the page's last product and the page numbers without it", async () => {
    const { html } = await app.html(`/products?cat=${CAT}&sort=price-asc&page=2`);
    const shown = productLinks(html);
    const next = anchorWith(html, 'rel="next"');
    expect(next).toContain(`href="/products?cat=${CAT}&sort=price-asc&page=3&na=${shown.at(-1)}"`);
    const numbers = hrefs(html).filter((href) => href.includes("page="));
    expect(numbers).toContain(`/products?cat=${CAT}&sort=price-asc&page=7`);
    expect(numbers.filter((href) => href.includes("na=") && !href.includes("page=3&"))).toEqual([]);

    const followed = await app.html(`/products?cat=${CAT}&sort=price-asc&page=3&na=${shown.at(-1)}`);
    const plain = await app.html(`/products?cat=${CAT}&sort=price-asc&page=3`);
    expect(productLinks(followed.html)).toEqual(productLinks(plain.html));
    // The sort form starts a fresh listing: it carries neither the page nor the product.
    expect(followed.html).not.toMatch(/name="na"/);
  });

  it("reads on after the product shown last, though a product was added before it meanwhile", async () => {
    const first = artNos(await list({ sort: "name-asc", page: 1 }));
    await database.db.insert(products).values({
      artNo: 899_999,
      brand: "Alpha",
      shortDescription: "Remblok 00 nieuw",
      consumerPriceCents: 900,
      categoryId: CAT,
    });
    try {
      const onFrom = artNos(await list({ sort: "name-asc", page: 2, after: first.at(-1)! }));
      const byOffset = artNos(await list({ sort: "name-asc", page: 2 }));
      // OFFSET shifts by the new product and shows the last one of page 1 again; the keyset does not.
      expect(byOffset[0]).toBe(first.at(-1));
      expect(onFrom).toEqual(byOffset.slice(1).concat(onFrom.at(-1)!));
      expect(onFrom).not.toContain(first.at(-1));
    } finally {
      await database.db.delete(products).where(eq(products.artNo, 899_999));
    }
  });
});
