import { describe, expect, it } from "vitest";
import { fold, queryWords } from "./normalise";
import { correctedText, parseQuery, withCorrections, withoutContaining } from "./query";

describe("fold and queryWords", () => {
  it("drops accents and case", () => {
    expect(fold("Crème")).toBe("creme");
    expect(fold("Busch + Müller")).toBe("busch + muller");
    expect(fold("CAFEÏNE")).toBe("cafeine");
  });

  it("splits on everything but letters and digits, dropping single characters and repeats", () => {
    expect(queryWords("Shimano  MTB-band 700x25c")).toEqual(["shimano", "mtb", "band", "700x25c"]);
    expect(queryWords("maat m x 2.60")).toEqual(["maat", "60"]);
    expect(queryWords("ketting KETTING")).toEqual(["ketting"]);
    expect(queryWords("%_\\")).toEqual([]);
  });
});

describe("withCorrections", () => {
  const candidates = new Map([
    ["kettnig", ["ketting", "kettingolie", "kettingpons"]],
    ["zadel", ["zadels", "nadel", "zadelpen"]],
    ["kettn", ["ketting", "kettingolie", "kabel"]],
  ]);

  it("keeps the vocabulary words within the allowed edits, nearest first", () => {
    const query = withCorrections(parseQuery("kettnig"), candidates);
    expect(query.words[0]!.corrections).toEqual(["ketting"]);
    expect(correctedText(query)).toBe("ketting");
  });

  it("leaves out words that contain the typed word (an exact match already)", () => {
    expect(withCorrections(parseQuery("zadel"), candidates).words[0]!.corrections).toEqual(["nadel"]);
  });

  it("corrects the word being typed as the start of a word", () => {
    expect(withCorrections(parseQuery("kettn"), candidates).words[0]!.corrections).toEqual([]);
    expect(withCorrections(parseQuery("kettn"), candidates, { prefixLast: true }).words[0]!.corrections).toEqual([
      "ketting",
      "kettingolie",
    ]);
  });

  it("does not correct words below 5 characters", () => {
    expect(withCorrections(parseQuery("gell"), new Map([["gell", ["gel"]]])).words[0]!.corrections).toEqual([]);
  });
});

describe("withoutContaining", () => {
  it("keeps the pieces that hold no other piece, once each", () => {
    expect(withoutContaining(["kettnig", "ketting", "kettingolie", "kettingpons", "ketting"])).toEqual([
      "kettnig",
      "ketting",
    ]);
    expect(withoutContaining(["zadels", "zadel"])).toEqual(["zadel"]);
    expect(withoutContaining(["band", "binnenband", "vouwband", "bandje"])).toEqual(["band"]);
  });

  it("keeps pieces that only overlap or share a start", () => {
    expect(withoutContaining(["remblok", "blokken", "rem"])).toEqual(["blokken", "rem"]);
    expect(withoutContaining(["cassette", "casette"])).toEqual(["cassette", "casette"]);
  });
});
