/**
 * The search's relevance set (issue 30 item 12, tests/support/search-relevance-set.ts) for the
 * results page (default order: relevance) and the header's suggestions alike, on the demo catalogue.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getFilterTypes, listProducts } from "../../app/features/catalogue/listing.server";
import { nearestQuery, searchSuggestions } from "../../app/features/search/search.server";
import { useTestApp } from "../support/fixture";
import {
  BROOKS_CAMBIUM_ZADEL,
  CAMPAGNOLO_CASSETTE,
  FINISH_LINE_KETTINGOLIE,
  RELEVANCE_CASES,
  seedRelevanceCatalogue,
  SHIMANO_DEORE_KETTING,
} from "../support/search-relevance-set";

describe("search relevance on the demo catalogue (issue 30)", () => {
  const { app, database } = useTestApp();

  beforeAll(async () => {
    await seedRelevanceCatalogue(database.db);
  }, 120_000);

  const firstFive = async (q: string) => {
    const listing = await listProducts(database.db, {
      categoryIds: null,
      q,
      filters: {},
      filterTypes: await getFilterTypes(database.db, null),
      sort: "default",
      page: 1,
    });
    return listing.products.slice(0, 5).map((p) => p.artNo);
  };
  const suggestedFive = async (q: string) => (await searchSuggestions(database.db, q)).slice(0, 5).map((s) => s.artNo);

  it("holds at least 40 queries, with every example of the issue", () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
    const examples = ["kettingen", "zadels", "shimano ketting", "ketting shimano", "shimanno", "kettnig"];
    for (const q of [...examples, "contintental", "crème", "banden"])
      expect(RELEVANCE_CASES.map((c) => c.q)).toContain(q);
  });

  it.each(RELEVANCE_CASES)("results page: $q ($why)", async ({ q, must, mustNot = [] }) => {
    const top = await firstFive(q);
    for (const artNo of must) expect(top, `${artNo} in the first five for "${q}"`).toContain(artNo);
    for (const artNo of mustNot) expect(top, `${artNo} not in the first five for "${q}"`).not.toContain(artNo);
  });

  it.each(RELEVANCE_CASES)("suggestions: $q ($why)", async ({ q, must, mustNot = [] }) => {
    const top = await suggestedFive(q);
    for (const artNo of must) expect(top, `${artNo} suggested for "${q}"`).toContain(artNo);
    for (const artNo of mustNot) expect(top, `${artNo} not suggested for "${q}"`).not.toContain(artNo);
  });

  it("corrects the word being typed as the start of a word in the suggestions", async () => {
    expect(await suggestedFive("shimano kettn")).toContain(SHIMANO_DEORE_KETTING);
    expect(await suggestedFive("campagnolo casse")).toContain(CAMPAGNOLO_CASSETTE);
  });

  it("puts an exact match above a corrected one", async () => {
    // "kettingolie" is exact for the Finish Line oils; no other word is a typo of it, so they lead;
    // "zadle" has no exact match at all and shows the corrected "zadel".
    expect((await firstFive("kettingolie")).slice(0, 3)).toEqual(expect.arrayContaining([FINISH_LINE_KETTINGOLIE]));
    const listing = await listProducts(database.db, {
      categoryIds: null,
      q: "brooks zadle",
      filters: {},
      filterTypes: [],
      sort: "default",
      page: 1,
    });
    expect(listing.products.every((p) => p.shortDescription.toLowerCase().includes("zadel"))).toBe(true);
  });

  it("requires every word: a brand without the product finds nothing, and says what is near", async () => {
    expect(await firstFive("shimano zadel")).toEqual([]);
    const nearest = await nearestQuery(database.db, "shimano zadel");
    expect(nearest === "shimano" || nearest === "zadel").toBe(true);
    expect(await nearestQuery(database.db, "qqqqqqqq")).toBe(null);
    expect(await nearestQuery(database.db, "kettinkgen")).toBe("ketting");
  });

  it("goes straight to the product for an exact ArtNo, and suggests it first", async () => {
    const res = await app.get(`/products?q=${BROOKS_CAMBIUM_ZADEL}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/product/${BROOKS_CAMBIUM_ZADEL}`);
    expect((await suggestedFive(String(BROOKS_CAMBIUM_ZADEL)))[0]).toBe(BROOKS_CAMBIUM_ZADEL);
  });

  it('shows "Bedoelde je …?" with the main categories when nothing is found', async () => {
    const res = await app.get(`/products?q=${encodeURIComponent("vouwbnadxx")}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Bedoelde je");
    expect(html).toMatch(/href="\/products\?q=vouwband"/);
    expect(html).toContain("Bekijk onze categorieën");
    expect(html).toContain("Fietsonderdelen");
  });
});
