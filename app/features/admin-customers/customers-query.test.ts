import { describe, expect, it } from "vitest";
import { adminCustomersSearch, parseAdminCustomersQuery, postcodePrefix } from "./customers-query";

describe("postcodePrefix", () => {
  it.each([
    ["3511ab", "3511 AB"],
    ["3511 AB", "3511 AB"],
    ["3511 a", "3511 A"],
    ["3511", "3511"],
    [" 3511AB ", "3511 AB"],
  ])("%s → %s", (term, expected) => expect(postcodePrefix(term)).toBe(expected));

  it.each(["351", "0511 AB", "3511 ABC", "sanne", "35111"])("%s is no postcode", (term) =>
    expect(postcodePrefix(term)).toBeNull(),
  );
});

describe("parseAdminCustomersQuery", () => {
  it("keeps the search trimmed and a valid cursor in lower case", () => {
    const id = "0F3C2F6E-6A55-4D8E-9F3E-3B0A3F1C2D4E";
    expect(parseAdminCustomersQuery(new URLSearchParams({ q: "  Sanne   de Vries ", after: id }))).toEqual({
      ok: true,
      query: { q: "Sanne de Vries", after: id.toLowerCase(), before: null },
    });
  });

  it("ignores a cursor that is no row id", () => {
    expect(parseAdminCustomersQuery(new URLSearchParams({ before: "x" }))).toEqual({
      ok: true,
      query: { q: "", after: null, before: null },
    });
  });

  it.each(["a\u0000b", "a\u001bb", "a\u0085b", "a\u007fb"])("refuses control characters (%j)", (q) => {
    expect(parseAdminCustomersQuery(new URLSearchParams({ q })).ok).toBe(false);
  });

  it("refuses a search over 100 characters", () => {
    expect(parseAdminCustomersQuery(new URLSearchParams({ q: "x".repeat(101) })).ok).toBe(false);
  });
});

describe("adminCustomersSearch", () => {
  it("writes the search and one cursor", () => {
    expect(adminCustomersSearch({ q: "3511 AB" }, { after: "abc" })).toBe("?q=3511+AB&after=abc");
    expect(adminCustomersSearch({ q: "" })).toBe("");
  });
});
