import { describe, expect, it } from "vitest";
import { csvMoney, csvRow, csvText } from "./csv";

describe("csv cells for Dutch Excel", () => {
  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+31 6 12345678", "'+31 6 12345678"],
    ["-Jan", "'-Jan"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["Jan-Peter", "Jan-Peter"],
    ["de Vries; Jansen", '"de Vries; Jansen"'],
    ["Line\nbreak", '"Line\nbreak"'],
    ["Müller €", "Müller €"],
  ])("writes %j as %j", (value, cell) => {
    expect(csvText(value)).toBe(cell);
  });

  it.each([
    [0, "0,00"],
    [5, "0,05"],
    [2590, "25,90"],
    [123456, "1234,56"],
    [-495, "-4,95"],
  ])("writes %i cents as %s", (cents, text) => {
    expect(csvMoney(cents)).toBe(text);
  });

  it("joins a row with semicolons and ends it with CRLF", () => {
    expect(csvRow(["a", "b", "1,00"])).toBe("a;b;1,00\r\n");
  });
});
