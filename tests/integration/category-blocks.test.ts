import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, stock } from "../../app/db/schema";
import { rowsOf } from "../../app/db/rows.server";
import { refreshSearchBlocks, resetSearchBlocks } from "../../app/features/search/search-blocks.server";
import { parseQuery } from "../../app/features/search/query";
import { scopeBlockWalk } from "../../app/features/search/walk.server";
import { createCategory } from "../support/factories";
import { useTestDatabase } from "../support/fixture";

/**
 * The category-ordered block summary behind a search in categories (category_blocks, ADR 0025):
 * whatever state it is in (fresh, dirty after moves, renames and new products, refreshed, split),
 * the walk finds exactly the listed products of the categories whose description or brand holds
 * the term, as the plain query does.
 */

/**
 * Every word of the term (2+ characters, as the shop splits a query) in the accent-free name or
 * brand: the plain condition the block walk must agree with, written out without the walk.
 */
function everyWord(term: string, name: string, brand: string) {
  const words = term
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
  return sql.join(
    words.map(
      (w) => sql`(search_fold(${sql.raw(name)}) LIKE ${`%${w}%`} OR search_fold(${sql.raw(brand)}) LIKE ${`%${w}%`})`,
    ),
    sql` AND `,
  );
}

describe("category blocks", () => {
  const database = useTestDatabase();
  const BLOCK = 10;
  const CATEGORIES = [410, 420, 430, 440];
  const words = ["band", "ketting", "zadel", "gel", "pomp"];
  type Row = typeof products.$inferInsert;

  const db = () => database.db;
  const blocks = async () =>
    rowsOf<{ row_count: number; dirty: boolean }>(
      await db().execute(
        sql`SELECT row_count, EXISTS (SELECT 1 FROM category_blocks_dirty d WHERE d.block_id = b.id) AS dirty
            FROM category_blocks b ORDER BY lo_category, lo_key, lo_art_no`,
      ),
    );
  const dirtyCount = async () => (await blocks()).filter((b) => b.dirty).length;

  /** The plain query: every listed product of the categories that matches. */
  const expected = async (term: string, ids: number[]) => {
    return rowsOf<{ art_no: number }>(
      await db().execute(sql`
        SELECT art_no FROM products
        WHERE is_listed AND category_id IN ${sql`(${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`}
          AND ${everyWord(term, "short_description", "brand")}
        ORDER BY art_no`),
    ).map((r) => Number(r.art_no));
  };
  const walked = async (term: string, ids: number[], limit = 10_000) =>
    rowsOf<{ art_no: number }>(await db().execute(scopeBlockWalk({ query: parseQuery(term), categoryIds: ids, limit })))
      .map((r) => Number(r.art_no))
      .sort((a, b) => a - b);

  const terms = ["band", "ketting", "gel", "an", "zadel 3", "merkx", "qqq", "Pomp"];
  const scopes = [[410], [420], [440], [410, 430], [420, 430, 440], CATEGORIES];
  const expectAllExact = async () => {
    for (const term of terms) {
      for (const ids of scopes) {
        expect(await walked(term, ids), `${term} in ${ids.join(",")}`).toEqual(await expected(term, ids));
      }
    }
  };

  beforeAll(async () => {
    for (const id of CATEGORIES) await createCategory(db(), { id, name: `Categorie ${id}`, level: 1 });
    const rows: Row[] = [];
    for (let i = 0; i < 300; i++) {
      const category = CATEGORIES[i % 4]!;
      const word = words[(i * 3 + (category === 410 ? 0 : category / 10)) % words.length]!;
      rows.push({
        artNo: 1000 + i,
        brand: i % 29 === 0 ? "MerkX" : "Merk",
        shortDescription: `${String.fromCharCode(97 + (i % 26))} ${word} ${i % 7}`,
        consumerPriceCents: 100 + i,
        categoryId: category,
      });
    }
    // Names that sort before every letter, first in their categories.
    rows.push(
      { artNo: 5002, brand: "Merk", shortDescription: "29er band", consumerPriceCents: 100, categoryId: 420 },
      { artNo: 5003, brand: "Merk", shortDescription: "#1 ketting", consumerPriceCents: 100, categoryId: 430 },
    );
    // Without a category: in no search by category.
    rows.push({ artNo: 5000, brand: "Merk", shortDescription: "Band zonder categorie", consumerPriceCents: 100 });
    // Unlisted (no price).
    rows.push({ artNo: 5001, brand: "Merk", shortDescription: "Band verborgen", categoryId: 410 });
    await db().insert(products).values(rows);
  });

  it("is exact before the first refresh, when the one block covering everything is dirty", async () => {
    await resetSearchBlocks(db());
    expect(await blocks()).toEqual([{ row_count: 0, dirty: true }]);
    await expectAllExact();
  });

  it("splits into blocks of the block size in category order, and stays exact", async () => {
    const { categories } = await refreshSearchBlocks(db(), { blockRows: BLOCK });
    // 302 listed products with a category: 29 blocks of 10 and the last 12.
    expect(categories).toEqual({ refreshed: 30, created: 29, skipped: 0 });
    expect((await blocks()).map((b) => b.row_count)).toEqual([...Array(29).fill(10), 12]);
    expect(await dirtyCount()).toBe(0);
    await expectAllExact();
  });

  it("stops at its limit", async () => {
    const all = await expected("band", CATEGORIES);
    expect(all.length).toBeGreaterThan(20);
    const some = await walked("band", CATEGORIES, 20);
    expect(some).toHaveLength(20);
    expect(all).toEqual(expect.arrayContaining(some));
  });

  it("marks the block a product's new category, name or brand moves it into dirty, and nothing for price or stock", async () => {
    await db().execute(sql`UPDATE products SET consumer_price_cents = consumer_price_cents * 2 WHERE art_no < 1100`);
    await db()
      .insert(stock)
      .values([1000, 1001, 1002].map((artNo) => ({ artNo, quantity: 3 })));
    await db().execute(sql`UPDATE products SET colour = 'Rood' WHERE art_no < 1050`);
    expect(await dirtyCount()).toBe(0);

    // A "zadel" moved from 430 into 410: found there at once.
    const zadel = (await expected("zadel", [430]))[0]!;
    const before = await expected("zadel", [410]);
    await db().execute(sql`UPDATE products SET category_id = 410 WHERE art_no = ${zadel}`);
    expect(await dirtyCount()).toBe(1);
    expect(await walked("zadel", [410])).toEqual([...before, zadel].sort((a, b) => a - b));
    expect(await walked("zadel", [430])).not.toContain(zadel);

    await db().execute(sql`UPDATE products SET short_description = 'zz gelzadel' WHERE art_no = 1010`);
    await db().execute(sql`UPDATE products SET brand = 'Bandwerk' WHERE art_no = 1021`);
    await db()
      .insert(products)
      .values({ artNo: 6000, brand: "Merk", shortDescription: "Aa pomp", consumerPriceCents: 500, categoryId: 440 });
    await db().execute(sql`UPDATE products SET consumer_price_cents = 900 WHERE art_no = 5001`);
    // A product that loses its category marks nothing: it leaves every search by category.
    await db().execute(sql`UPDATE products SET category_id = NULL WHERE art_no = 1030`);
    expect(await dirtyCount()).toBeGreaterThanOrEqual(3);
    expect(await dirtyCount()).toBeLessThanOrEqual(4);
    await expectAllExact();

    await refreshSearchBlocks(db(), { blockRows: BLOCK });
    expect(await dirtyCount()).toBe(0);
    await expectAllExact();
  });

  it("leaves nothing out after many products enter one category, a bulk move and deletes", async () => {
    await db()
      .insert(products)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          artNo: 7000 + i,
          brand: "Merk",
          shortDescription: `Mm band ${i}`,
          consumerPriceCents: 1_000,
          categoryId: 420,
        })),
      );
    await db().execute(sql`UPDATE products SET category_id = 440 WHERE category_id = 430 AND art_no % 3 = 0`);
    await db().execute(sql`DELETE FROM products WHERE art_no BETWEEN 1100 AND 1140`);
    await expectAllExact();
    const { categories } = await refreshSearchBlocks(db(), { blockRows: BLOCK });
    expect(categories.created).toBeGreaterThan(0); // the block that took 40 products was split
    expect(Math.max(...(await blocks()).map((b) => Number(b.row_count)))).toBeLessThanOrEqual(2 * BLOCK);
    await expectAllExact();
  });
});
