import { describe, expect, it } from "vitest";
import { products, stock } from "../../app/db/schema";
import { refreshSearchBlocks } from "../../app/features/search/search-blocks.server";
import { searchSuggestions } from "../../app/features/search/index.server";
import { createCategory } from "../support/factories";
import { useTestDatabase } from "../support/fixture";

/**
 * A word's corrections are kept a while (correctionCandidates): shoppers type the same words over
 * and over. A refresh that brings a new word into the vocabulary must not leave the old answer kept:
 * a typo of a product's name that arrived later is corrected as soon as its block is summarised.
 */
describe("typo corrections as the vocabulary grows", () => {
  const database = useTestDatabase();

  const addProduct = async (artNo: number, shortDescription: string) => {
    await database.db
      .insert(products)
      .values({ artNo, brand: "Abus", shortDescription, consumerPriceCents: 1299, categoryId: 700 });
    await database.db.insert(stock).values({ artNo, quantity: 3 });
  };
  const suggested = async (term: string) => (await searchSuggestions(database.db, term)).map((s) => s.artNo);

  it("corrects a typo of a word that a refresh has just added", async () => {
    await createCategory(database.db, { id: 700, name: "Accessoires", level: 1 });
    await addProduct(810_001, "Fietsbel messing");
    await refreshSearchBlocks(database.db);
    expect(await suggested("fietsbell")).toEqual([810_001]);
    // Nothing near "kettingslto" yet: that answer is what would be kept.
    expect(await suggested("kettingslto")).toEqual([]);

    await addProduct(810_002, "Kettingslot gehard staal");
    await refreshSearchBlocks(database.db);
    expect(await suggested("kettingslto")).toEqual([810_002]);
    expect(await suggested("fietsbell")).toEqual([810_001]);
  });
});
