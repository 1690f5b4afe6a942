import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { products, stock } from "../../app/db/schema";
import { EXACT_SEARCH_LIMIT } from "../../app/features/catalogue/facet-caps";
import { getFilterTypes, listProducts } from "../../app/features/catalogue/listing.server";
import { refreshSearchBlocks } from "../../app/features/search/search-blocks.server";
import { parseQuery } from "../../app/features/search/query";
import { mayBeWholeWords } from "../../app/features/search/index.server";
import { createFilterTypes } from "../support/catalogue-factories";
import { createCategory } from "../support/factories";
import { useTestApp } from "../support/fixture";

const COMPOUNDS = 1_100;
const CATEGORY = 400;
const NEW_WHOLE_WORD = 760_000;

/**
 * A search with more matches than EXACT_SEARCH_LIMIT whose word is in no name as a whole word, only
 * inside compounds ("remblokjes" finds "schijfremblokken"): the relevance order skips the whole-word
 * tier (the vocabulary says no name can fill it) and must still list every match, in stock first,
 * then by name. A whole-word match the vocabulary does not know yet (its block not yet summarised)
 * must still be listed; once summarised it ranks first.
 */
describe("a search with many matches, all inside compounds", () => {
  const { database } = useTestApp();
  const outOfStock = (i: number) => i % 5 === 0;

  const search = async (page: number) =>
    listProducts(database.db, {
      categoryIds: null,
      q: "remblokjes",
      filters: {},
      filterTypes: await getFilterTypes(database.db, null),
      sort: "default",
      page,
    });
  const artNosOf = (listing: { products: { artNo: number }[] }) => listing.products.map((p) => p.artNo);

  /** Every match sorted by the plain query: in stock first, then the name. */
  const truth = async () =>
    rowsOf<{ art_no: number }>(
      await database.db.execute(sql`
        SELECT b.art_no FROM listing_stock_order b
        WHERE b.is_listed AND b.sort_key LIKE '%remblok%'
        ORDER BY b.in_stock DESC, b.sort_key, b.art_no`),
    ).map((r) => Number(r.art_no));

  beforeAll(async () => {
    const db = database.db;
    await createFilterTypes(db);
    await createCategory(db, { id: CATEGORY, name: "Remmen", level: 1 });
    const rows: (typeof products.$inferInsert)[] = [];
    for (let i = 0; i < COMPOUNDS; i++) {
      rows.push({
        artNo: 750_000 + i,
        brand: i % 2 ? "Alpha" : "Beta",
        shortDescription: `Schijfremblokken ${String((i * 7919) % COMPOUNDS).padStart(4, "0")}`,
        consumerPriceCents: 1500,
        categoryId: CATEGORY,
      });
    }
    for (let i = 0; i < 200; i++) {
      rows.push({
        artNo: 755_000 + i,
        brand: "Beta",
        shortDescription: `Remkabel ${i}`,
        consumerPriceCents: 500,
        categoryId: CATEGORY,
      });
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(products).values(rows.slice(i, i + 500));
    const stocked = rows
      .filter((r) => r.artNo < 755_000 && !outOfStock(r.artNo - 750_000))
      .map((r) => ({ artNo: r.artNo, quantity: 2 }));
    for (let i = 0; i < stocked.length; i += 500) await db.insert(stock).values(stocked.slice(i, i + 500));
    await refreshSearchBlocks(db);
  });

  it("knows from the vocabulary that no name holds the word whole", async () => {
    expect(await mayBeWholeWords(database.db, parseQuery("remblokjes"))).toBe(false);
    expect(await mayBeWholeWords(database.db, parseQuery("schijfremblok"))).toBe(true);
    expect(await mayBeWholeWords(database.db, parseQuery("remkabels schijfremblokje"))).toBe(true);
    expect(await mayBeWholeWords(database.db, parseQuery("remkabels remblok"))).toBe(false);
  });

  it("lists every page in stock first, then by name, as sorting every match would", async () => {
    const all = await truth();
    expect(all).toHaveLength(COMPOUNDS);
    expect(COMPOUNDS).toBeGreaterThan(EXACT_SEARCH_LIMIT);
    const inStock = COMPOUNDS - COMPOUNDS / 5; // 880: page 44 is the last page all in stock
    for (const page of [1, 2, 44, 45, 55]) {
      expect(artNosOf(await search(page)), `page ${page}`).toEqual(all.slice((page - 1) * 20, page * 20));
    }
    expect(all.slice(0, inStock).every((artNo) => !outOfStock(artNo - 750_000))).toBe(true);
  });

  it("lists a whole-word match the vocabulary does not know yet, and ranks it first once it does", async () => {
    await database.db.insert(products).values({
      artNo: NEW_WHOLE_WORD,
      brand: "Gamma",
      shortDescription: "Zwaluw remblokken",
      consumerPriceCents: 900,
      categoryId: CATEGORY,
    });
    await database.db.insert(stock).values({ artNo: NEW_WHOLE_WORD, quantity: 4 });
    // Not summarised yet: listed by its name, after every other match in stock ("zwaluw" > "schijf…").
    const before = await truth();
    expect(before.indexOf(NEW_WHOLE_WORD)).toBe(880);
    expect(artNosOf(await search(45))).toEqual(before.slice(880, 900));
    expect(artNosOf(await search(45))[0]).toBe(NEW_WHOLE_WORD);

    expect(await mayBeWholeWords(database.db, parseQuery("remblokjes"))).toBe(false);
    await refreshSearchBlocks(database.db);
    expect(await mayBeWholeWords(database.db, parseQuery("remblokjes"))).toBe(true);
    const first = artNosOf(await search(1));
    expect(first[0]).toBe(NEW_WHOLE_WORD);
    expect(first.slice(1)).toEqual(before.filter((artNo) => artNo !== NEW_WHOLE_WORD).slice(0, 19));
  });
});
