import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productSearch, products } from "../../app/db/schema";
import { searchSuggestions } from "../../app/features/search/search.server";
import { useTestDatabase } from "../support/fixture";
import { createProduct } from "../support/factories";

/**
 * Suggestions read `product_search`, a copy of every product's text that the triggers on `products`
 * keeps in step (statement-level triggers, migrations 0034-0035). Every way a product enters, changes or leaves the catalogue must
 * show in the suggestions right away, and the copy must hold exactly the products, with their listing.
 */
describe("product_search follows products (trigger)", () => {
  const database = useTestDatabase();
  const suggest = async (term: string) => (await searchSuggestions(database.db, term)).map((r) => r.artNo);
  /** The whole copy, compared with what it should be: every product's ArtNo, key, description, brand, listing. */
  const expectInStep = async () => {
    // The folded columns are PostgreSQL's own (generated): search-definitions.test.ts checks them.
    const copy = await database.db
      .select({
        artNo: productSearch.artNo,
        sortKey: productSearch.sortKey,
        shortDescription: productSearch.shortDescription,
        brand: productSearch.brand,
        isListed: productSearch.isListed,
      })
      .from(productSearch)
      .orderBy(productSearch.artNo);
    const all = await database.db
      .select({
        artNo: products.artNo,
        shortDescription: products.shortDescription,
        brand: products.brand,
        isListed: products.isListed,
      })
      .from(products)
      .orderBy(products.artNo);
    expect(copy).toEqual(all.map((p) => ({ ...p, sortKey: (p.shortDescription ?? "").toLowerCase() })));
  };

  it("suggests a product as soon as it is inserted, only when listed", async () => {
    // No stock row: stock's foreign key would forbid the ArtNo change further down.
    await createProduct(database.db, {
      artNo: 1001,
      shortDescription: "Zadeltas Ortlieb Micro",
      brand: "Ortlieb",
      stockQuantity: null,
    });
    await createProduct(database.db, { artNo: 1002, shortDescription: "Zadeltas zonder merk", brand: null });
    await createProduct(database.db, { artNo: 1003, shortDescription: "Zadeltas uit assortiment", status: 0 });
    expect(await suggest("zadeltas")).toEqual([1001]);
    expect(await searchSuggestions(database.db, "ORTLIEB")).toEqual([
      { artNo: 1001, shortDescription: "Zadeltas Ortlieb Micro", brand: "Ortlieb" },
    ]);
    await expectInStep();
  });

  it("drops a product that goes to status 0 and brings it back at status 1", async () => {
    await database.db.update(products).set({ status: 0 }).where(eq(products.artNo, 1001));
    expect(await suggest("zadeltas")).toEqual([]);
    await expectInStep();
    await database.db.update(products).set({ status: 1 }).where(eq(products.artNo, 1001));
    expect(await suggest("zadeltas")).toEqual([1001]);
    await expectInStep();
  });

  it("follows every part of the listing rule: a brand, price or description that appears or goes", async () => {
    await database.db.update(products).set({ brand: "Topeak" }).where(eq(products.artNo, 1002));
    // Both names start with the whole word; 1002 has stock, 1001 no stock row: in stock first (issue 30).
    expect(await suggest("zadeltas")).toEqual([1002, 1001]);
    await database.db.update(products).set({ consumerPriceCents: 0 }).where(eq(products.artNo, 1002));
    expect(await suggest("zadeltas")).toEqual([1001]);
    await database.db.update(products).set({ consumerPriceCents: 2495 }).where(eq(products.artNo, 1002));
    await database.db.update(products).set({ shortDescription: "" }).where(eq(products.artNo, 1001));
    expect(await suggest("zadeltas")).toEqual([1002]);
    await database.db
      .update(products)
      .set({ shortDescription: "Zadeltas Ortlieb Micro" })
      .where(eq(products.artNo, 1001));
    expect(await suggest("zadeltas")).toEqual([1002, 1001]);
    await expectInStep();
  });

  it("finds the new description and brand after a change, not the old ones", async () => {
    await database.db
      .update(products)
      .set({ shortDescription: "Stuurtas Ortlieb Ultimate", brand: "Ortlieb Pro" })
      .where(eq(products.artNo, 1001));
    expect(await suggest("zadeltas")).toEqual([1002]);
    expect(await searchSuggestions(database.db, "stuurtas")).toEqual([
      { artNo: 1001, shortDescription: "Stuurtas Ortlieb Ultimate", brand: "Ortlieb Pro" },
    ]);
    await expectInStep();
  });

  it("keeps the copy when only other columns change, and follows a changed ArtNo", async () => {
    await database.db
      .update(products)
      .set({ consumerPriceCents: 3995, colour: "zwart" })
      .where(eq(products.artNo, 1001));
    expect(await suggest("stuurtas")).toEqual([1001]);
    await database.db.update(products).set({ artNo: 1011 }).where(eq(products.artNo, 1001));
    expect(await suggest("stuurtas")).toEqual([1011]);
    await expectInStep();
  });

  it("forgets a deleted product, also when deleted with others in one statement", async () => {
    await createProduct(database.db, { artNo: 1004, shortDescription: "Stuurtas klein" });
    await database.db.delete(products).where(eq(products.artNo, 1011));
    expect(await suggest("stuurtas")).toEqual([1004]);
    await database.db.execute(sql`DELETE FROM products WHERE art_no IN (1002, 1004)`);
    expect(await suggest("tas")).toEqual([]);
    await expectInStep();
    // Only the unlisted product of the first test is left, kept for the admin's search.
    expect((await database.db.select().from(productSearch)).map((r) => [r.artNo, r.isListed])).toEqual([[1003, false]]);
  });

  it("follows a batch upsert as a supplier feed writes it: new, changed, unlisted and untouched rows in one statement", async () => {
    await createProduct(database.db, { artNo: 2001, shortDescription: "Bidon 500 ml", brand: "Elite" });
    await createProduct(database.db, { artNo: 2002, shortDescription: "Bidon 750 ml", brand: "Elite" });
    await createProduct(database.db, { artNo: 2003, shortDescription: "Bidonhouder", brand: "Elite" });
    await database.db.execute(sql`
      INSERT INTO products (art_no, short_description, brand, consumer_price_cents, status)
      VALUES (2001, 'Bidon 500 ml', 'Elite', 999, 1),
             (2002, 'Bidon 800 ml', 'Tacx', 1299, 1),
             (2003, 'Bidonhouder', 'Elite', 899, 0),
             (2004, 'Bidon thermo', 'Camelbak', 1999, 1)
      ON CONFLICT (art_no) DO UPDATE SET short_description = excluded.short_description,
        brand = excluded.brand, consumer_price_cents = excluded.consumer_price_cents, status = excluded.status`);
    expect(await suggest("bidon")).toEqual([2001, 2002, 2004]);
    expect((await searchSuggestions(database.db, "800 ml"))[0]).toEqual({
      artNo: 2002,
      shortDescription: "Bidon 800 ml",
      brand: "Tacx",
    });
    await expectInStep();
  });

  it("is emptied when the catalogue is truncated", async () => {
    await database.db.execute(sql`TRUNCATE products CASCADE`);
    expect(await database.db.select().from(productSearch)).toEqual([]);
  });
});
