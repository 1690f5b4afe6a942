import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema";
import { searchSuggestions } from "../../app/features/search/search.server";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

type Body = { results: { artNo: number; shortDescription: string; brand: string }[] };

describe("search suggestions GET /api/search-suggestions?q=", () => {
  const { app, database } = useTestApp();
  const suggest = async (q: string) => {
    const res = await app.get(`/api/search-suggestions?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    return ((await res.json()) as Body).results;
  };

  beforeAll(async () => {
    const db = database.db;
    // Eight chain products (more than the limit), inserted out of order.
    for (const [artNo, name] of [
      [101, "Ketting Shimano HG701"],
      [102, "Ketting KMC X11"],
      [103, "Ketting SRAM PC-1130"],
      [104, "Ketting KMC X10"],
      [105, "Ketting Shimano HG601"],
      [106, "Ketting Connex 11sX"],
      [107, "Ketting Campagnolo Record"],
      [108, "Ketting YBN SLA"],
    ] as const) {
      await createProduct(db, { artNo, shortDescription: name, brand: "Merk" });
    }
    await createProduct(db, { artNo: 201, shortDescription: "Kettingolie Dry Lube", brand: "Finish Line" });
    await createProduct(db, { artNo: 202, shortDescription: "Remkabel inox", brand: "Jagwire", status: 0 });
    await createProduct(db, { artNo: 203, shortDescription: "Remkabel zonder merk", brand: null });
    await createProduct(db, { artNo: 204, shortDescription: "Remkabel RVS", brand: "Shimano" });
    await createProduct(db, { artNo: 301, shortDescription: "Korting 100% gel", brand: "BYE!" });
    await createProduct(db, { artNo: 302, shortDescription: "Korting 1000 gel", brand: "BYE!" });
    await createProduct(db, { artNo: 303, shortDescription: "Bidon_500 ml", brand: "Elite" });
    await createProduct(db, { artNo: 304, shortDescription: "Bidon 500 ml", brand: "Tacx" });
    await createProduct(db, { artNo: 305, shortDescription: "Stuurlint a\\b", brand: "Lizard" });
    await createProduct(db, { artNo: 306, shortDescription: "Stuurlint ab", brand: "Lizard" });
  });

  it("returns nothing below 2 characters, without a lookup", async () => {
    expect(await suggest("")).toEqual([]);
    expect(await suggest("k")).toEqual([]);
    expect(await suggest("  k  ")).toEqual([]);
    expect((await app.get("/api/search-suggestions")).status).toBe(200);
  });

  it("answers from 2 characters with artNo, shortDescription and brand", async () => {
    const results = await suggest("rv");
    expect(results).toEqual([{ artNo: 204, shortDescription: "Remkabel RVS", brand: "Shimano" }]);
  });

  it("returns at most 6, the most relevant first, equals by description", async () => {
    const results = await suggest("ketting");
    expect(results.map((r) => r.shortDescription)).toEqual([
      "Ketting Campagnolo Record",
      "Ketting Connex 11sX",
      "Ketting KMC X10",
      "Ketting KMC X11",
      "Ketting Shimano HG601",
      "Ketting Shimano HG701",
    ]);
  });

  it("matches case-insensitively anywhere in the description", async () => {
    const upper = await suggest("KMC X");
    expect(upper.map((r) => r.artNo).sort()).toEqual([102, 104]);
    expect((await suggest("dRy lUbE")).map((r) => r.artNo)).toEqual([201]);
  });

  it("only suggests listed products (active, with brand, price and description)", async () => {
    const results = await suggest("remkabel");
    expect(results.map((r) => r.artNo)).toEqual([204]);
  });

  // Issue 30: a query is words of letters and digits; %, _ and \\ separate words and are never
  // patterns (before, the term was matched as one literal piece of text, "100%" only 301).
  it("reads % and _ and \\ as word separators, never as patterns", async () => {
    // "100" as a whole word (301: "100%") before "100" at the start of a word (302: "1000").
    expect((await suggest("100%")).map((r) => r.artNo)).toEqual([301, 302]);
    expect((await suggest("bidon_500")).map((r) => r.artNo)).toEqual([304, 303]);
    expect((await suggest("%")).length).toBe(0);
    expect(await suggest("__")).toEqual([]);
    expect(await suggest("n_5")).toEqual([]);
    expect(await suggest("a\\b")).toEqual([]);
  });

  it("finds nothing for an unknown term", async () => {
    expect(await suggest("zadelpen carbon")).toEqual([]);
  });

  it("is the same query the domain function runs (domain level, no HTTP)", async () => {
    const results = await searchSuggestions(database.db, "bidon");
    expect(results.map((r) => r.artNo)).toEqual([304, 303]);
  });

  it("still finds the first 6 in order when the matches sit far down the alphabet of a large catalogue", async () => {
    // 2 500 listed products that sort before the matches, so a look at only the first rows finds none.
    const filler = Array.from({ length: 2500 }, (_, i) => ({
      artNo: 500_000 + i,
      brand: "Vulmerk",
      shortDescription: `Aaa vulproduct ${String(i).padStart(4, "0")}`,
      consumerPriceCents: 100,
    }));
    await database.db.insert(products).values(filler);
    for (const [artNo, name] of [
      [601, "Zwaluw zadeldek"],
      [602, "Zadelpen carbon 27,2"],
      [603, "Zadelpen alu 31,6"],
      [604, "Zadeltas klein"],
      [605, "Zadel Selle Italia"],
      [606, "Zadelpenklem 34,9"],
      [607, "Zadeltas groot"],
    ] as const) {
      await createProduct(database.db, { artNo, shortDescription: name, brand: "Merk" });
    }
    expect((await suggest("zadel")).map((r) => r.shortDescription)).toEqual([
      "Zadel Selle Italia",
      "Zadelpen alu 31,6",
      "Zadelpen carbon 27,2",
      "Zadelpenklem 34,9",
      "Zadeltas groot",
      "Zadeltas klein",
    ]);
    expect((await suggest("vulproduct 24")).map((r) => r.artNo)).toEqual(
      Array.from({ length: 6 }, (_, i) => 502_400 + i),
    );
  });
});
