import { describe, expect, it } from "vitest";
import { dutchStem, matchForms } from "./dutch-stem";

describe("dutchStem", () => {
  it.each([
    ["kettingen", "ketting"],
    ["zadels", "zadel"],
    ["banden", "band"],
    ["remblokken", "remblok"],
    ["remblokjes", "remblok"],
    ["remblokje", "remblok"],
    ["wieltjes", "wiel"],
    ["kettinkje", "ketting"],
    ["balletje", "bal"],
    ["boompje", "boom"],
    ["cassettes", "cassette"],
    ["gels", "gel"],
    ["pompen", "pomp"],
    ["handvatten", "handvat"],
    ["pedalen", "pedal"],
    ["druiven", "druif"],
    ["huizen", "huis"],
    ["vouwbanden", "vouwband"],
  ])("%s → %s", (word, stem) => {
    expect(dutchStem(word)).toBe(stem);
  });

  it.each(["ketting", "zadel", "band", "gel", "shimano", "continental", "pomp", "glas", "700x25c", "en", "ss"])(
    "leaves %s alone",
    (word) => {
      expect(dutchStem(word)).toBe(word);
    },
  );
});

describe("matchForms", () => {
  it("adds the open syllable of a long vowel, which the plural holds", () => {
    expect(matchForms("pedaal")).toEqual(["pedaal", "pedal"]);
    expect(matchForms("ketting")).toEqual(["ketting"]);
    expect(matchForms("kettingen")).toEqual(["ketting"]);
  });
});
