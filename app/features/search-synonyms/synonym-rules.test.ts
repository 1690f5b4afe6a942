import { describe, expect, it } from "vitest";
import { normaliseSearchText } from "./search-text";
import { parseSynonymForm, rewriteWith, synonymTable } from "./synonym-rules";

const table = synonymTable([
  { term: "fietsketting", replacement: "ketting" },
  { term: "binnenbandje", replacement: "binnenband" },
  { term: "ketting olie", replacement: "kettingolie" },
  { term: "ketting", replacement: "schakelketting" },
  { term: "crème", replacement: "creme" },
  { term: "loop a", replacement: "loop b" },
  { term: "loop b", replacement: "loop a" },
]);

describe("rewriting a query with the synonyms", () => {
  it.each([
    ["fietsketting", "ketting"],
    ["Fietsketting", "ketting"],
    ["shimano fietsketting", "shimano ketting"],
    ["fietsketting  shimano", "ketting shimano"],
    // A phrase wins over its first word alone; the replacement is not looked up again.
    ["ketting olie 100 ml", "kettingolie 100 ml"],
    // Accents and case fold the same way on both sides.
    ["creme", "creme"],
    ["CRÈME", "creme"],
    ["crème", "creme"],
    // Whole words only: a term inside another word is left alone.
    ["fietskettingen", "fietskettingen"],
    ["racefietsketting", "racefietsketting"],
    // A loop in the list runs once, not forever.
    ["loop a", "loop b"],
    ["geen synoniem", "geen synoniem"],
  ])("%j is searched as %j", (query, searched) => {
    expect(rewriteWith(table, query)).toBe(searched);
  });

  it("replaces once: fietsketting ⇒ ketting does not go on through ketting ⇒ schakelketting", () => {
    expect(rewriteWith(table, "ketting")).toBe("schakelketting");
    expect(rewriteWith(table, "fietsketting")).toBe("ketting");
  });

  it("never rewrites an ArtNo", () => {
    const digits = synonymTable([{ term: "12345", replacement: "ketting" }]);
    expect(rewriteWith(digits, "12345")).toBe("12345");
    expect(rewriteWith(digits, " 12345 ")).toBe(" 12345 ");
  });

  it("returns the query untouched when nothing matches or the list is empty", () => {
    expect(rewriteWith(synonymTable([]), "  zadel ")).toBe("  zadel ");
    expect(rewriteWith(table, "  zadel ")).toBe("  zadel ");
  });
});

describe("the synonym form", () => {
  const ok = (term: string, replacement: string, others: { term: string }[] = []) =>
    parseSynonymForm({ term, replacement }, others);

  it("keeps a term lower case with single spaces", () => {
    expect(ok("  Ketting   Olie ", " KettingOlie ")).toEqual({
      ok: true,
      synonym: { term: "ketting olie", replacement: "kettingolie" },
    });
  });

  it.each([
    [null, "ketting", "term", "Enter the word shoppers search for."],
    ["   ", "ketting", "term", "Enter the word shoppers search for."],
    ["f", "ketting", "term", "The search term needs at least 2 characters."],
    ["f".repeat(101), "ketting", "term", "The search term can be at most 100 characters."],
    ["12345", "ketting", "term", "The search term needs a letter: an ArtNo always finds its own product."],
    ["a b c d e f", "ketting", "term", "The search term can be at most 5 words."],
    ["fietsketting", "", "replacement", "Enter what the shop should search for instead."],
    ["fietsketting", "k", "replacement", "The replacement needs at least 2 characters."],
    ["fietsketting", "k".repeat(101), "replacement", "The replacement can be at most 100 characters."],
    ["Crème", "creme", "replacement", "The replacement must differ from the search term."],
    ["fiets\u0000ketting", "ketting", "term", "Ongeldige tekens in dit veld"],
    ["fietsketting", "ket\u001Bting", "replacement", "Ongeldige tekens in dit veld"],
  ])("term %j ⇒ %j is refused on %s: %s", (term, replacement, field, message) => {
    expect(parseSynonymForm({ term, replacement }, [])).toEqual({ ok: false, field, message });
  });

  it("refuses a term already in the list, accents and case aside", () => {
    expect(ok("Crème", "room", [{ term: "creme" }])).toEqual({
      ok: false,
      field: "term",
      message: 'There is already a synonym for "crème": edit that one.',
    });
  });
});

describe("search text for the report", () => {
  it.each([
    ["  Shimano   KETTING ", "shimano ketting"],
    ["ket\u0000ting", "ket ting"],
    ["a\u200Bb", "a b"],
    ["Crème", "crème"],
    ["\u0001\u0002", ""],
  ])("%j is kept as %j", (raw, kept) => {
    expect(normaliseSearchText(raw)).toBe(kept);
  });

  it("cuts at 100 characters without splitting an emoji", () => {
    const kept = normaliseSearchText(`${"a".repeat(99)}🚲🚲`);
    expect(Array.from(kept)).toHaveLength(100);
    expect(kept.endsWith("🚲")).toBe(true);
  });
});
