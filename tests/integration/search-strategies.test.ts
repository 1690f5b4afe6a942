import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { refreshSearchBlocks, resetSearchBlocks } from "../../app/features/search/search-blocks.server";
import { compileSearch } from "../../app/features/search/search.server";
import { isSmallCatalogue, SCAN_MAX_NAME_BLOCKS } from "../../app/features/search/search-strategy.server";
import { termScan, termWalk, type TermWalk } from "../../app/features/search/walk.server";
import { RELEVANCE_CASES, seedRelevanceCatalogue } from "../support/search-relevance-set";
import { useTestDatabase } from "../support/fixture";

/**
 * The two ways to read a term's matches in name order (search-strategy.server.ts): walking the
 * blocks that can hold a match, and scanning every listed product. They must give the same rows for
 * every query of the relevance set and every option a caller uses; the catalogue's size only
 * chooses which is faster.
 */
describe("search strategies: the block walk and the scan", () => {
  const database = useTestDatabase();
  const nameBlocks = async () =>
    Number(rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM search_blocks`))[0]!.n);
  /** The name blocks cut anew at `blockRows` rows each. */
  const cutBlocks = async (blockRows: number) => {
    await resetSearchBlocks(database.db);
    await refreshSearchBlocks(database.db, { blockRows });
  };

  beforeAll(async () => {
    await seedRelevanceCatalogue(database.db);
  }, 120_000);

  type Options = Omit<TermWalk, "query" | "spread">;
  const variants: [string, Options][] = [
    ["name and brand, the first 1001", { withBrand: true, limit: 1001 }],
    ["the name only, 200 (the suggestions)", { withBrand: false, limit: 200 }],
    ["Z–A, 7 after the first 3", { withBrand: true, descending: true, limit: 7, offset: 3 }],
    ["with the listing row, in stock only", { withBrand: true, limit: 50, listing: sql`b.in_stock` }],
    ["a relevance tier on the match", { withBrand: true, limit: 50, also: sql`r.name_folded LIKE '%e%'` }],
  ];

  it("give the same rows on a catalogue of many blocks, for every query of the relevance set", async () => {
    await cutBlocks(20);
    expect(await nameBlocks()).toBeGreaterThan(20);
    let rowsCompared = 0;
    for (const { q } of RELEVANCE_CASES) {
      const query = await compileSearch(database.db, q);
      for (const [what, options] of variants) {
        const walked = rowsOf(await database.db.execute(termWalk({ query, ...options })));
        const scanned = rowsOf(await database.db.execute(termScan({ query, ...options })));
        expect(scanned, `"${q}", ${what}`).toEqual(walked);
        rowsCompared += walked.length;
      }
    }
    // Not a comparison of empty lists: the set's queries find products.
    expect(rowsCompared).toBeGreaterThan(500);
  });

  it(`scans a catalogue of at most ${SCAN_MAX_NAME_BLOCKS} name blocks and walks a bigger one`, async () => {
    // The same 628 products in fewer, bigger blocks as the cut grows; a refresh in this process is
    // seen at once (without waiting for CATALOGUE_SIZE_TTL_MS), so each cut is judged anew.
    const judged = new Map<number, boolean>();
    for (const blockRows of [20, 100, 120, 130, 150, 250]) {
      await cutBlocks(blockRows);
      judged.set(await nameBlocks(), await isSmallCatalogue(database.db));
    }
    expect([...judged.keys()]).toEqual(expect.arrayContaining([SCAN_MAX_NAME_BLOCKS, SCAN_MAX_NAME_BLOCKS + 1]));
    for (const [blocks, small] of judged) expect(small, `${blocks} blocks`).toBe(blocks <= SCAN_MAX_NAME_BLOCKS);
  });
});
