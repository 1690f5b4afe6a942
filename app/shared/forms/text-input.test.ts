import { describe, expect, it } from "vitest";
import { textField } from "./text-field";
import { hasInvalidCharacters, textParam } from "./text-input";

describe("hasInvalidCharacters", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["SOH", "\u0001"],
    ["ESC", "rood\u001b[0m"],
    ["unit separator", "a\u001f"],
    ["DEL", "a\u007f"],
    ["NEL (C1)", "a\u0085b"],
    ["last C1", "\u009f"],
    ["lone high surrogate", "a\uD800b"],
    ["lone high surrogate at the end", "a\uDBFF"],
    ["lone low surrogate", "\uDC00a"],
    ["reversed pair", "\uDC00\uD800"],
  ])("refuses %s", (_name, value) => {
    expect(hasInvalidCharacters(value)).toBe(true);
    expect(hasInvalidCharacters(value, { multiLine: true })).toBe(true);
  });

  it.each([
    ["plain text", "Fietsketting 11-speed"],
    ["accents and euro", "Crème brûlée € 5,–"],
    ["no-break space (just past C1)", "10\u00a0km"],
    ["emoji (a surrogate pair)", "Snel 🚴‍♀️"],
    ["replacement character", "a\uFFFDb"],
    ["empty", ""],
  ])("accepts %s", (_name, value) => {
    expect(hasInvalidCharacters(value)).toBe(false);
  });

  it("allows TAB, LF and CR only in multi-line text", () => {
    for (const value of ["a\tb", "regel 1\nregel 2", "regel 1\r\nregel 2"]) {
      expect(hasInvalidCharacters(value)).toBe(true);
      expect(hasInvalidCharacters(value, { multiLine: true })).toBe(false);
    }
    expect(hasInvalidCharacters("a\u000bb", { multiLine: true })).toBe(true);
    expect(hasInvalidCharacters("a\u000cb", { multiLine: true })).toBe(true);
  });
});

describe("textParam", () => {
  it("passes clean values and treats invalid ones as absent", () => {
    expect(textParam("ketting")).toBe("ketting");
    expect(textParam("")).toBe("");
    expect(textParam(null)).toBeNull();
    expect(textParam(undefined)).toBeNull();
    expect(textParam("ket\u0000ting")).toBeNull();
    expect(textParam("ket\nting")).toBeNull();
  });
});

describe("textField", () => {
  const schema = textField("Vul je naam in").trim().min(2, { message: "Minimaal 2 tekens" });

  it("answers invalid characters first and only, in Dutch", () => {
    const parsed = schema.safeParse("\u0000");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Ongeldige tekens in dit veld"]);
  });

  it("keeps the field's own rules and type message", () => {
    expect(schema.safeParse("  Anna ").data).toBe("Anna");
    expect(schema.safeParse("A").error?.issues.map((i) => i.message)).toEqual(["Minimaal 2 tekens"]);
    expect(schema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(["Vul je naam in"]);
  });

  it("lets a multi-line field keep its line breaks", () => {
    const message = textField("Schrijf je bericht", { multiLine: true });
    expect(message.safeParse("Hoi,\r\nwanneer?").success).toBe(true);
    expect(message.safeParse("Hoi\u0007").success).toBe(false);
  });
});
