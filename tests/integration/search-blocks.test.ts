import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema";
import { rowsOf } from "../../app/db/rows.server";
import { refreshSearchBlocks, resetSearchBlocks } from "../../app/features/search/search-blocks.server";
import { searchSuggestions } from "../../app/features/search/search.server";
import { termWalk } from "../../app/features/search/walk.server";
import { parseQuery } from "../../app/features/search/query";
import { useTestDatabase } from "../support/fixture";

/**
 * The block summary behind the suggestions and a search's name orders (search_blocks): whatever
 * state it is in (fresh, dirty after writes, refreshed, split), the walk through it yields exactly
 * the first six listed descriptions that contain every word of the term, in description order, as
 * the plain query gives them; and the suggestions (since issue 30 the most relevant of the walk's
 * matches, search-relevance.test.ts) are six of those matches, or all of them when fewer.
 */
describe("search blocks", () => {
  const database = useTestDatabase();
  const BLOCK = 10;
  const words = ["ketting", "band", "binnenband", "zadel", "gel", "pomp", "remblok", "olie", "shimano", "sram"];

  type Row = typeof products.$inferInsert;
  const row = (artNo: number, shortDescription: string, extra: Partial<Row> = {}): Row => ({
    artNo,
    brand: "Merk",
    shortDescription,
    consumerPriceCents: 100,
    ...extra,
  });

  /**
   * The plain query, with nothing in between: the listed descriptions holding every word of the term
   * (2+ characters, accent- and case-free, as the shop splits a query since issue 30), in
   * description order; all of them, or the first six.
   */
  const expected = async (term: string, limit: number | null = 6) => {
    const words = term
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 2);
    if (!words.length) return [];
    return rowsOf<{ short_description: string }>(
      await database.db.execute(sql`
        SELECT short_description FROM products
        WHERE is_listed AND ${sql.join(
          words.map((w) => sql`search_fold(short_description) LIKE ${`%${w}%`}`),
          sql` AND `,
        )}
        ORDER BY lower(short_description), art_no ${limit == null ? sql`` : sql`LIMIT ${limit}`}`),
    ).map((r) => r.short_description);
  };
  /** The first six matches of the walk through the blocks, in description order (a search's name order). */
  const walked = async (term: string) =>
    rowsOf<{ short_description: string }>(
      await database.db.execute(sql`
        SELECT s.short_description FROM (${termWalk({ query: parseQuery(term), withBrand: false, limit: 6 })}) w
        JOIN product_search s USING (art_no)
        ORDER BY s.sort_key, s.art_no`),
    ).map((r) => r.short_description);
  const suggested = async (term: string) => (await searchSuggestions(database.db, term)).map((r) => r.shortDescription);
  const blocks = async () =>
    rowsOf<{ lo_key: string; lo_art_no: number; row_count: number; dirty: boolean }>(
      await database.db.execute(
        sql`SELECT lo_key, lo_art_no, row_count, EXISTS (SELECT 1 FROM search_blocks_dirty d WHERE d.block_id = b.id) AS dirty
            FROM search_blocks b ORDER BY lo_key, lo_art_no`,
      ),
    );
  const terms = [
    ...words,
    "ket",
    "ting",
    "and",
    "ban",
    "nnenb",
    // A single character is no word since issue 30: "zadel 0" is "zadel", "a 1" and "a_b" find nothing.
    "zadel 0",
    "pomp 1",
    "a 1",
    "xyz",
    "kettingolie",
    "rem",
    "ano 0",
    "100%",
    "a_b",
    "été",
    // Terms that start a description: the block must hold its first pieces too.
    "fietsbel",
    "kettingolie 100",
  ];
  const expectExact = async (term: string) => {
    expect(await walked(term), term).toEqual(await expected(term));
    const all = await expected(term, null);
    const suggestions = await suggested(term);
    expect(suggestions.length, term).toBe(Math.min(6, all.length));
    for (const suggestion of suggestions) expect(all, term).toContain(suggestion);
  };
  const expectAllExact = async () => {
    for (const term of terms) await expectExact(term);
  };

  beforeAll(async () => {
    // 400 listed products over the alphabet, a few unlisted, odd characters: each word in ~40 of
    // them, spread through the description order.
    const rows: Row[] = [];
    for (let i = 0; i < 400; i++) {
      const word = words[(i * 7) % words.length]!;
      const other = words[(i * 3 + 1) % words.length]!;
      rows.push(row(1000 + i, `${String.fromCharCode(97 + (i % 26))}${i % 3 ? " " : ""}${word} ${other} ${i % 50}`));
    }
    rows.push(row(5000, "Kettingolie 100% biologisch"), row(5001, "Fietsbel a_b été"));
    rows.push(row(5002, "Aaa ketting uit het assortiment", { status: 0 }));
    await database.db.insert(products).values(rows);
  });

  it("is exact before the first refresh, when the one block covering everything is dirty", async () => {
    await resetSearchBlocks(database.db);
    expect((await blocks()).map((b) => b.dirty)).toEqual([true]);
    await expectAllExact();
  });

  it("splits a block grown past twice its size into blocks of the block size, and stays exact", async () => {
    const summary = (await refreshSearchBlocks(database.db, { blockRows: BLOCK })).names;
    const after = await blocks();
    // One piece (one short transaction) at a time: each split leaves the rest as a new dirty block.
    expect(summary).toEqual({ refreshed: 40, created: 39, skipped: 0 });
    expect(after.length).toBe(40);
    // 402 listed rows: 39 blocks of 10 and the last 12 (never a sliver of 2 after a full block).
    expect(after.map((b) => b.row_count)).toEqual([...Array(39).fill(10), 12]);
    expect(after.every((b) => !b.dirty)).toBe(true);
    // The first block still starts below every key.
    expect(after[0]).toMatchObject({ lo_key: "", lo_art_no: -2147483648 });
    await expectAllExact();
  });

  it("reads only blocks that can hold the term: a term in no block finds none", async () => {
    const hit = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        SELECT count(*)::int AS n FROM search_blocks
        WHERE id IN (SELECT block_id FROM search_blocks_dirty) OR grams @> ARRAY(SELECT DISTINCT hashtext(substr('qqq', i, 3)) FROM generate_series(1, 1) i)`),
    )[0]!;
    expect(hit.n).toBe(0);
    expect(await suggested("qqq")).toEqual([]);
  });

  it("marks the block a new or renamed product lands in dirty, and finds it before and after the refresh", async () => {
    await database.db.insert(products).values(row(6000, "Mmm lichtje voor"));
    await database.db.execute(sql`UPDATE products SET short_description = 'Mmm lichtje achter' WHERE art_no = 1005`);
    // An unlisted product that becomes listed.
    await database.db.insert(products).values(row(6001, "Ccc lichtje", { status: 0 }));
    await database.db.execute(sql`UPDATE products SET status = 1 WHERE art_no = 6001`);
    const dirty = (await blocks()).filter((b) => b.dirty);
    expect(dirty.length).toBeGreaterThanOrEqual(2);
    expect(dirty.length).toBeLessThanOrEqual(3);
    expect(await suggested("lichtje")).toEqual(["Ccc lichtje", "Mmm lichtje achter", "Mmm lichtje voor"]);
    await expectAllExact();

    await refreshSearchBlocks(database.db, { blockRows: BLOCK });
    expect((await blocks()).some((b) => b.dirty)).toBe(false);
    expect(await suggested("lichtje")).toEqual(["Ccc lichtje", "Mmm lichtje achter", "Mmm lichtje voor"]);
    // The old description no longer matches, though its block's summary still has its pieces.
    expect(await suggested("mmm lichtje")).toEqual(["Mmm lichtje achter", "Mmm lichtje voor"]);
    await expectAllExact();
  });

  it("leaves nothing out after many inserts into one block, a bulk update and deletes", async () => {
    await database.db.insert(products).values(Array.from({ length: 60 }, (_, i) => row(7000 + i, `Bbb reep ${i}`)));
    await database.db.execute(
      sql`UPDATE products SET short_description = short_description || ' gel' WHERE art_no % 5 = 0`,
    );
    await database.db.execute(sql`DELETE FROM products WHERE art_no BETWEEN 1100 AND 1150`);
    await expectAllExact();
    await expectExact("reep");
    const summary = (await refreshSearchBlocks(database.db, { blockRows: BLOCK })).names;
    expect(summary.created).toBeGreaterThan(0); // the block that took 60 rows was split
    expect(Math.max(...(await blocks()).map((b) => b.row_count))).toBeLessThanOrEqual(2 * BLOCK);
    await expectAllExact();
    await expectExact("reep");
    await expectExact("gel");
  });

  it("holds search_blocks against a refresh from the first listed row a transaction writes until it commits", async () => {
    const lockOf = async (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) =>
      rowsOf<{ mode: string }>(
        await tx.execute(sql`
          SELECT mode FROM pg_locks WHERE relation = 'search_blocks'::regclass AND pid = pg_backend_pid()`),
      ).map((r) => r.mode);
    await database.db.transaction(async (tx) => {
      // A price change writes no search row: no lock, so checkouts and stock never wait for a refresh.
      await tx.execute(sql`UPDATE products SET consumer_price_cents = 200 WHERE art_no = 1001`);
      expect(await lockOf(tx)).not.toContain("RowExclusiveLock");
      await tx.insert(products).values(row(8000, "Nnn ventiel"));
      // Conflicts with the refresh's EXCLUSIVE lock: a refresh waits until these rows are readable.
      expect(await lockOf(tx)).toContain("RowExclusiveLock");
    });
    expect(await suggested("ventiel")).toEqual(["Nnn ventiel"]);
  });

  it("counts every listed row once across the blocks after a refresh", async () => {
    await refreshSearchBlocks(database.db, { blockRows: BLOCK });
    const listed = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM product_search WHERE is_listed`),
    )[0]!.n;
    // Blocks only refreshed when dirty keep their count from then; deletes do not dirty a block.
    await database.db.execute(
      sql`INSERT INTO search_blocks_dirty (block_id) SELECT id FROM search_blocks ON CONFLICT DO NOTHING`,
    );
    await refreshSearchBlocks(database.db, { blockRows: BLOCK });
    expect((await blocks()).reduce((sum, b) => sum + Number(b.row_count), 0)).toBe(listed);
    await expectAllExact();
  });
});
