import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema";
import { searchSuggestions } from "../../app/features/search/search.server";
import { useTestDatabase } from "../support/fixture";

/**
 * Search suggestions over a catalogue larger than the first, cheap look (the first 10 000 rows in
 * description order): each way the function can find the answer must give the first six matches
 * of all listed products, in description order.
 */
describe("search suggestions in a large catalogue", () => {
  const database = useTestDatabase();
  const suggest = async (term: string) => (await searchSuggestions(database.db, term)).map((r) => r.shortDescription);
  const range = <T>(from: number, count: number, make: (i: number) => T): T[] =>
    Array.from({ length: count }, (_, i) => make(from + i));

  beforeAll(async () => {
    type Row = typeof products.$inferInsert;
    const row = (artNo: number, shortDescription: string, extra: Partial<Row> = {}): Row => ({
      artNo,
      brand: "Merk",
      shortDescription,
      consumerPriceCents: 100,
      ...extra,
    });
    // Matches are inserted last-first, so a lookup that trusted the first 201 it meets (table order)
    // instead of all of them would miss the real first six.
    const rows: Row[] = [
      // 10 500 listed products that sort before everything below.
      ...range(0, 10_500, (i) => row(100_000 + i, `Aaa vulproduct ${String(i).padStart(5, "0")}`)),
      // Two early matches of "lichtje", the rest of its 302 matches far down.
      row(1, "Aaa lichtje 1"),
      row(2, "Aaa lichtje 2"),
      ...range(0, 300, (i) => row(200_000 + i, `Zz lichtje ${String(i).padStart(3, "0")}`)).reverse(),
      // 210 matches of "zz lamp", all far down, and an unlisted one that would sort first.
      ...range(0, 210, (i) => row(300_000 + i, `Zz lamp ${String(i).padStart(3, "0")}`)).reverse(),
      row(3, "Zz lamp 00 uit het assortiment", { status: 0 }),
      // A handful of "zadel" matches, far down.
      row(601, "Zwaluw zadeldek"),
      row(602, "Zadelpen carbon 27,2"),
      row(603, "Zadelpen alu 31,6"),
      row(604, "Zadeltas klein"),
      row(605, "Zadel Selle Italia"),
      row(606, "Zadelpenklem 34,9"),
      row(607, "Zadeltas groot"),
    ];
    for (let i = 0; i < rows.length; i += 1000) await database.db.insert(products).values(rows.slice(i, i + 1000));
  });

  it("finds a common word among the first rows", async () => {
    expect(await suggest("vulproduct 024")).toEqual(range(2400, 6, (i) => `Aaa vulproduct 0${i}`));
  });

  it("finds a few matches far down the order", async () => {
    expect(await suggest("zadel")).toEqual([
      "Zadel Selle Italia",
      "Zadelpen alu 31,6",
      "Zadelpen carbon 27,2",
      "Zadelpenklem 34,9",
      "Zadeltas groot",
      "Zadeltas klein",
    ]);
    expect(await suggest("lamp 00")).toEqual(range(0, 6, (i) => `Zz lamp 00${i}`));
  });

  it("finds many matches that all sit far down the order, listed products only", async () => {
    expect(await suggest("zz lamp")).toEqual(range(0, 6, (i) => `Zz lamp 00${i}`));
  });

  it("keeps the early matches when the rest of many matches sit far down", async () => {
    expect(await suggest("lichtje")).toEqual([
      "Aaa lichtje 1",
      "Aaa lichtje 2",
      ...range(0, 4, (i) => `Zz lichtje 00${i}`),
    ]);
  });

  it("finds 2-character terms far down the order", async () => {
    expect(await suggest("zw")).toEqual(["Zwaluw zadeldek"]);
    expect(await suggest("zz")).toEqual(range(0, 6, (i) => `Zz lamp 00${i}`));
  });
});
