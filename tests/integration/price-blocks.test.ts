import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, stock } from "../../app/db/schema";
import { rowsOf } from "../../app/db/rows.server";
import { refreshSearchBlocks, resetSearchBlocks } from "../../app/features/search/search-blocks.server";
import { parseQuery } from "../../app/features/search/query";
import { priceBlockWalk } from "../../app/features/search/walk.server";
import { useTestDatabase } from "../support/fixture";

/**
 * The price-ordered block summary behind a large search's price orders (price_blocks, ADR 0025):
 * whatever state it is in (fresh, dirty after price, name and stock writes, refreshed, split), a
 * page of the walk is exactly the page of the plain query that sorts every match by price.
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

describe("price blocks", () => {
  const database = useTestDatabase();
  const BLOCK = 10;
  // Prices follow the word, as they follow categories in a real catalogue: every "zadel" costs more
  // than every "ventiel", so one end of the price order holds no "zadel" at all.
  const words = [
    { word: "ventiel", base: 100 },
    { word: "ketting", base: 1_000 },
    { word: "band", base: 2_000 },
    { word: "zadel", base: 5_000 },
    { word: "shimano", base: 3_000 },
  ];
  type Row = typeof products.$inferInsert;

  const db = () => database.db;
  const blocks = async () =>
    rowsOf<{ row_count: number; dirty: boolean }>(
      await db().execute(
        sql`SELECT row_count, EXISTS (SELECT 1 FROM price_blocks_dirty d WHERE d.block_id = b.id) AS dirty
            FROM price_blocks b ORDER BY lo_price, lo_key, lo_art_no`,
      ),
    );
  const dirtyCount = async () => (await blocks()).filter((b) => b.dirty).length;

  /** The plain query: every match, sorted by price, name and ArtNo. */
  const expected = async (term: string, descending: boolean, inStockOnly = false) => {
    const dir = sql.raw(descending ? "DESC" : "ASC");
    return rowsOf<{ art_no: number }>(
      await db().execute(sql`
        SELECT art_no FROM listing_stock_order
        WHERE is_listed AND ${everyWord(term, "sort_key", "brand")}
          ${inStockOnly ? sql`AND in_stock` : sql``}
        ORDER BY effective_price_cents ${dir}, sort_key ${dir}, art_no ${dir}`),
    ).map((r) => Number(r.art_no));
  };
  const walked = async (term: string, descending: boolean, offset: number, limit: number, inStockFirst = false) =>
    rowsOf<{ art_no: number }>(
      await db().execute(priceBlockWalk({ query: parseQuery(term), descending, inStockFirst, limit, offset })),
    ).map((r) => Number(r.art_no));

  const terms = ["zadel", "ventiel", "ket", "band", "an", "shimano", "merkx", "zadel 1", "qqq"];
  /** Every page of 7 (the last one short) of both orders, and the in-stock walk, equal the plain query. */
  const expectAllExact = async () => {
    for (const term of terms) {
      for (const descending of [false, true]) {
        const all = await expected(term, descending);
        for (let offset = 0; offset <= all.length; offset += 7) {
          expect(await walked(term, descending, offset, 7), `${term} ${descending} ${offset}`).toEqual(
            all.slice(offset, offset + 7),
          );
        }
        const inStock = await expected(term, descending, true);
        expect(await walked(term, descending, 0, 100, true), `${term} in stock`).toEqual(inStock.slice(0, 100));
      }
    }
  };

  beforeAll(async () => {
    const rows: Row[] = [];
    for (let i = 0; i < 300; i++) {
      const { word, base } = words[i % words.length]!;
      rows.push({
        artNo: 1000 + i,
        // A few brands hold a term their descriptions lack ("MerkX", "Zadelwerk").
        brand: i % 37 === 0 ? "Zadelwerk" : i % 11 === 0 ? "MerkX" : "Merk",
        shortDescription: `${String.fromCharCode(97 + (i % 26))} ${word} ${i % 13}`,
        // Ties on price, so the name and then the ArtNo decide.
        consumerPriceCents: base + (i % 40) * 10,
      });
    }
    rows.push({ artNo: 5000, brand: "Merk", shortDescription: "Zadel verborgen", consumerPriceCents: 50, status: 0 });
    await db().insert(products).values(rows);
    await db()
      .insert(stock)
      .values(rows.filter((_, i) => i % 3 === 0).map((r) => ({ artNo: r.artNo!, quantity: 4 })));
  });

  it("is exact before the first refresh, when the one block covering everything is dirty", async () => {
    await resetSearchBlocks(db());
    expect(await blocks()).toEqual([{ row_count: 0, dirty: true }]);
    await expectAllExact();
  });

  it("splits into blocks of the block size in price order, and stays exact", async () => {
    const { prices } = await refreshSearchBlocks(db(), { blockRows: BLOCK });
    expect(prices).toEqual({ refreshed: 29, created: 28, skipped: 0 });
    const after = await blocks();
    // 300 listed rows: 28 blocks of 10 and the last 20 (never a sliver after a full block).
    expect(after.map((b) => b.row_count)).toEqual([...Array(28).fill(10), 20]);
    expect(await dirtyCount()).toBe(0);
    await expectAllExact();
  });

  it("reads only blocks that can hold the term: the cheapest blocks hold no zadel", async () => {
    const candidates = rowsOf<{ lo_price: number }>(
      await db().execute(sql`
        SELECT lo_price FROM price_block_candidates(
          ARRAY(SELECT DISTINCT hashtext(substr('zadel', i, 3)) FROM generate_series(1, 3) i))
        ORDER BY lo_price`),
    ).map((r) => Number(r.lo_price));
    // 60 "zadel" descriptions (from 5 000 cents) and 9 "Zadelwerk" brands elsewhere: far fewer blocks than 29.
    expect(candidates.length).toBeGreaterThan(6);
    expect(candidates.length).toBeLessThan(20);
    const none = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM price_block_candidates(ARRAY[hashtext('qqq')])`),
    )[0]!;
    expect(none.n).toBe(0);
  });

  it("marks the block a product's new price, name or brand moves it into dirty, and nothing for stock or colour", async () => {
    await db().execute(sql`UPDATE stock SET quantity = 0 WHERE art_no BETWEEN 1000 AND 1100`);
    await db().insert(stock).values({ artNo: 1001, quantity: 9 });
    await db().execute(sql`UPDATE products SET colour = 'Rood' WHERE art_no BETWEEN 1000 AND 1100`);
    expect(await dirtyCount()).toBe(0);

    // The cheapest "zadel" now, below every ventiel: its new block (the first) turns dirty.
    await db().execute(sql`UPDATE products SET consumer_price_cents = 1 WHERE art_no = 1003`);
    expect((await blocks())[0]!.dirty).toBe(true);
    expect(await dirtyCount()).toBe(1);
    expect((await walked("zadel", false, 0, 1))[0]).toBe(1003);

    // An offer price, a new name among the dear ones, a brand: each marks at most its own block.
    await db().execute(sql`UPDATE products SET discounted_price_cents = 150 WHERE art_no = 1008`);
    await db().execute(sql`UPDATE products SET short_description = 'zz ventiel zadel' WHERE art_no = 1010`);
    await db().execute(sql`UPDATE products SET brand = 'Shimano' WHERE art_no = 1020`);
    // A listed product that is new, and an unlisted one that becomes listed.
    await db()
      .insert(products)
      .values({ artNo: 6000, brand: "Merk", shortDescription: "Zadel nieuw", consumerPriceCents: 2_500 });
    await db().execute(sql`UPDATE products SET status = 1 WHERE art_no = 5000`);
    expect(await dirtyCount()).toBeGreaterThanOrEqual(3);
    expect(await dirtyCount()).toBeLessThanOrEqual(6);
    await expectAllExact();

    await refreshSearchBlocks(db(), { blockRows: BLOCK });
    expect(await dirtyCount()).toBe(0);
    await expectAllExact();
  });

  it("leaves nothing out after a bulk price change, many inserts at one price and deletes", async () => {
    await db().execute(sql`UPDATE products SET consumer_price_cents = consumer_price_cents * 3 WHERE art_no % 4 = 0`);
    await db()
      .insert(products)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          artNo: 7000 + i,
          brand: "Merk",
          shortDescription: `Band zadel ${i}`,
          consumerPriceCents: 2_222,
        })),
      );
    await db().execute(sql`DELETE FROM products WHERE art_no BETWEEN 1100 AND 1140`);
    await expectAllExact();
    const { prices } = await refreshSearchBlocks(db(), { blockRows: BLOCK });
    expect(prices.created).toBeGreaterThan(0); // the block that took 40 rows at one price was split
    expect(Math.max(...(await blocks()).map((b) => Number(b.row_count)))).toBeLessThanOrEqual(2 * BLOCK);
    await expectAllExact();
  });
});
