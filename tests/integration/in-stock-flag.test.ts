import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { listingStockOrder, products, stock } from "../../app/db/schema";
import { createProduct } from "../support/factories";
import { useTestDatabase } from "../support/fixture";

/**
 * listing_stock_order (the default order's narrow table, migration 0040) follows the stock table and
 * the products, whoever writes them (issue 14; issue 15's stock feed).
 */
describe("the in-stock flag of the listing order", () => {
  const database = useTestDatabase();
  const db = () => database.db;
  const flags = async (artNos: number[]) =>
    Object.fromEntries(
      (
        await db()
          .select({ artNo: listingStockOrder.artNo, inStock: listingStockOrder.inStock })
          .from(listingStockOrder)
          .where(inArray(listingStockOrder.artNo, artNos))
      ).map((r) => [r.artNo, r.inStock]),
    );
  /** The narrow row as the products and stock tables say it should be. */
  const expected = async (artNos: number[]) =>
    rowsOf<Record<string, unknown>>(
      await db().execute(sql`
        SELECT p.art_no, p.category_id, p.is_listed, coalesce(s.quantity, 0) > 0 AS in_stock,
               lower(p.short_description) AS sort_key, p.brand, p.colour, p.material, p.size, p.type,
               p.effective_price_cents
        FROM products p LEFT JOIN stock s ON s.art_no = p.art_no
        WHERE p.art_no IN (${sql.join(artNos, sql`, `)}) ORDER BY p.art_no`),
    );
  const actual = async (artNos: number[]) =>
    rowsOf<Record<string, unknown>>(
      await db().execute(sql`
        SELECT art_no, category_id, is_listed, in_stock, sort_key, brand, colour, material, size, type,
               effective_price_cents
        FROM listing_stock_order WHERE art_no IN (${sql.join(artNos, sql`, `)}) ORDER BY art_no`),
    );

  it("follows inserts, updates (also bulk and upserts), deletes and truncation of stock rows", async () => {
    const [a, b, c] = await Promise.all([
      createProduct(db(), { artNo: 880001, stockQuantity: 5 }),
      createProduct(db(), { artNo: 880002, stockQuantity: 0 }),
      createProduct(db(), { artNo: 880003, stockQuantity: null }),
    ]);
    expect(await flags([a.artNo, b.artNo, c.artNo])).toEqual({ 880001: true, 880002: false, 880003: false });

    await db().update(stock).set({ quantity: 0 }).where(eq(stock.artNo, a.artNo));
    await db().update(stock).set({ quantity: 3 }).where(eq(stock.artNo, b.artNo));
    expect(await flags([a.artNo, b.artNo])).toEqual({ 880001: false, 880002: true });

    // One statement for many rows, as the supplier's stock feed writes it (INSERT … ON CONFLICT).
    await db().execute(sql`
      INSERT INTO stock (art_no, quantity) VALUES (880001, 7), (880002, 0), (880003, 2)
      ON CONFLICT (art_no) DO UPDATE SET quantity = excluded.quantity`);
    expect(await flags([a.artNo, b.artNo, c.artNo])).toEqual({ 880001: true, 880002: false, 880003: true });

    await db().update(stock).set({ quantity: null }).where(eq(stock.artNo, a.artNo));
    await db().delete(stock).where(eq(stock.artNo, c.artNo));
    expect(await flags([a.artNo, c.artNo])).toEqual({ 880001: false, 880003: false });

    await db().execute(sql`
      INSERT INTO stock (art_no, quantity) VALUES (880001, 4), (880003, 4)
      ON CONFLICT (art_no) DO UPDATE SET quantity = excluded.quantity`);
    expect(await flags([a.artNo, c.artNo])).toEqual({ 880001: true, 880003: true });
    await db().execute(sql`TRUNCATE stock`);
    expect(await flags([a.artNo, b.artNo, c.artNo])).toEqual({ 880001: false, 880002: false, 880003: false });
  });

  it("follows the products: new ones, their listing, category, description, filter columns and price, renumbering and deletes", async () => {
    const [d, e] = await Promise.all([
      createProduct(db(), { artNo: 880011, stockQuantity: 5, colour: "Rood", size: "M" }),
      createProduct(db(), { artNo: 880012, stockQuantity: 0, status: 0 }),
    ]);
    const both = [d.artNo, e.artNo];
    expect(await actual(both)).toEqual(await expected(both));
    expect((await actual(both)).map((r) => r.is_listed)).toEqual([true, false]);

    await db()
      .update(products)
      .set({ shortDescription: "Ander Product", brand: "SRAM", colour: "Blauw", material: "Staal", type: "Ketting" })
      .where(eq(products.artNo, d.artNo));
    await db().update(products).set({ status: 1, discountedPriceCents: 995 }).where(eq(products.artNo, e.artNo));
    const after = await actual(both);
    expect(after).toEqual(await expected(both));
    expect(after[0]).toMatchObject({ sort_key: "ander product", brand: "SRAM", colour: "Blauw", in_stock: true });
    expect(after[1]).toMatchObject({ is_listed: true, effective_price_cents: 995, in_stock: false });

    // A feed's upsert of many products at once.
    await db().execute(sql`
      INSERT INTO products (art_no, brand, short_description, consumer_price_cents, status, size)
      VALUES (880011, 'SRAM', 'Ander Product', 2495, 1, 'L'), (880013, 'KMC', 'Ketting X', 1500, 1, NULL)
      ON CONFLICT (art_no) DO UPDATE
        SET consumer_price_cents = excluded.consumer_price_cents, size = excluded.size`);
    const three = [d.artNo, e.artNo, 880013];
    expect(await actual(three)).toEqual(await expected(three));
    expect((await actual([d.artNo]))[0]).toMatchObject({ size: "L", effective_price_cents: 2495, in_stock: true });

    // Renumbered (no stock rows may point at it then): the old ArtNo's row goes with it.
    await db().update(products).set({ artNo: 880014 }).where(eq(products.artNo, 880013));
    expect(await actual([880013])).toEqual([]);
    expect(await actual([880014])).toEqual(await expected([880014]));

    await db().delete(products).where(eq(products.artNo, e.artNo));
    expect(await actual([e.artNo])).toEqual([]);
  });

  it("writes no new version of the product when its stock flag changes", async () => {
    const product = await createProduct(db(), { artNo: 880021, stockQuantity: 0 });
    const version = async () =>
      rowsOf<{ v: string }>(
        await db().execute(sql`SELECT xmin::text AS v FROM products WHERE art_no = ${product.artNo}`),
      )[0]!.v;
    const before = await version();
    await db().update(stock).set({ quantity: 12 }).where(eq(stock.artNo, product.artNo));
    expect(await flags([product.artNo])).toEqual({ 880021: true });
    await db().update(stock).set({ quantity: 0 }).where(eq(stock.artNo, product.artNo));
    expect(await flags([product.artNo])).toEqual({ 880021: false });
    expect(await version()).toBe(before);
  });
});
