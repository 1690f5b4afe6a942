import { describe, expect, it } from "vitest";
import { allowedEdits, editDistance, prefixDistance } from "./typo";

describe("allowedEdits", () => {
  it("allows none below 5 characters, one from 5, two from 9", () => {
    expect([1, 4, 5, 8, 9, 14].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe("editDistance (optimal string alignment)", () => {
  it.each([
    ["ketting", "ketting", 0],
    ["kettnig", "ketting", 1], // a swap is one edit
    ["shimanno", "shimano", 1],
    ["contintental", "continental", 1],
    ["casette", "cassette", 1],
    ["zaedl", "zadel", 1],
    ["zadel", "nadel", 1],
    ["kettingolei", "kettingolie", 1],
    ["ktteing", "ketting", 2],
    ["abc", "xyz", 3],
  ])("%s ↔ %s: %i", (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
    expect(editDistance(b, a, 3)).toBe(d);
  });

  it("stops past the maximum", () => {
    expect(editDistance("kettingolie", "ketting", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("prefixDistance", () => {
  it("compares what is typed with the start of the word", () => {
    expect(prefixDistance("kettn", "ketting", 1)).toBe(1);
    expect(prefixDistance("casse", "cassette", 1)).toBe(0);
    expect(prefixDistance("xyzzy", "ketting", 1)).toBe(2);
  });
});
