import { describe, expect, it } from "vitest";
import { formatEuro, parsePriceText, vatIncluded } from "./money";

describe("parsePriceText", () => {
  it.each([
    ["12,95", 1295],
    ["1.249,00", 124900],
    ["12.95", 1295],
    ["€ 7", 700],
    ["0,5", 50],
    [" 3,10 ", 310],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parsePriceText(text)).toBe(cents);
  });

  it.each([[""], ["gratis"], ["12,9,5"], [null], [undefined], ["-5,00"]])("reads unreadable %j as 0", (text) => {
    expect(parsePriceText(text)).toBe(0);
  });
});

describe("formatEuro", () => {
  it("formats cents in the Dutch way", () => {
    expect(formatEuro(124950).replace(/\s/g, " ")).toBe("€ 1.249,50");
    expect(formatEuro(0).replace(/\s/g, " ")).toBe("€ 0,00");
  });
});

describe("vatIncluded", () => {
  it("takes the VAT out of a VAT-inclusive amount per rate", () => {
    expect(vatIncluded(12100, 21)).toBe(2100);
    expect(vatIncluded(10900, 9)).toBe(900);
    expect(vatIncluded(1995, 21)).toBe(346);
  });
});
