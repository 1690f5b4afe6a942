import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, stock } from "../../app/db/schema";
import { createProduct } from "../support/factories";
import { useTestDatabase } from "../support/fixture";

/** products.in_stock follows the stock table, whoever writes it (issue 14). */
describe("the in-stock flag on products", () => {
  const database = useTestDatabase();
  const db = () => database.db;
  const flags = async (artNos: number[]) =>
    Object.fromEntries(
      (
        await db()
          .select({ artNo: products.artNo, inStock: products.inStock })
          .from(products)
          .where(inArray(products.artNo, artNos))
      ).map((r) => [r.artNo, r.inStock]),
    );

  it("follows inserts, updates (also bulk and upserts) and deletes of stock rows", async () => {
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
  });
});
