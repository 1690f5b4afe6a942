import { describe, expect, it } from "vitest";
import { parseArtNo, plainTextSummary } from "./product.server";

describe("parseArtNo", () => {
  it("accepts positive integers that fit the database column", () => {
    expect(parseArtNo("4242")).toBe(4242);
    expect(parseArtNo("2147483647")).toBe(2147483647);
  });

  it("refuses anything else", () => {
    for (const raw of [undefined, "", "abc", "12abc", "-5", "0", "1.5", " 12", "2147483648", "99999999999"]) {
      expect(parseArtNo(raw)).toBeNull();
    }
  });
});

describe("plainTextSummary", () => {
  it("strips tags, decodes the common entities and collapses space", () => {
    expect(plainTextSummary("<h2>Titel</h2><p>Olie &amp; vet</p>\n  <ul><li>a</li></ul>")).toBe("Titel Olie & vet a");
  });

  it("cuts long text at a word boundary with an ellipsis", () => {
    const out = plainTextSummary(`<p>${"woord ".repeat(60)}</p>`, 40);
    expect(out.length).toBeLessThanOrEqual(40);
    expect(out.endsWith("woord…")).toBe(true);
  });
});
