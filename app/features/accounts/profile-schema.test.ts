import { describe, expect, it } from "vitest";
import { fullName, profileValuesFrom, validateProfile, type ProfileValues } from "./profile-schema";

const valid: ProfileValues = { firstName: "Jan", lastName: "de Vries", phone: "06 12345678" };

describe("profile schema", () => {
  it("accepts a complete profile and trims it", () => {
    expect(validateProfile({ firstName: "  Jan ", lastName: "de Vries ", phone: " 06 12345678 " })).toEqual({
      ok: true,
      data: valid,
    });
  });

  it("accepts empty fields: names stay empty, an empty phone is stored as null", () => {
    expect(validateProfile({ firstName: "", lastName: " ", phone: "  " })).toEqual({
      ok: true,
      data: { firstName: "", lastName: "", phone: null },
    });
  });

  it("accepts international and bracketed numbers and collapses runs of spaces", () => {
    for (const phone of ["+31 6 1234 5678", "(020) 123-4567", "+32-470-12-34-56", "0612345678"]) {
      expect(validateProfile({ ...valid, phone })).toEqual({ ok: true, data: { ...valid, phone } });
    }
    expect(validateProfile({ ...valid, phone: "06  1234   5678" })).toEqual({
      ok: true,
      data: { ...valid, phone: "06 1234 5678" },
    });
  });

  it("refuses names over 100 characters, in Dutch", () => {
    expect(validateProfile({ ...valid, firstName: "a".repeat(101), lastName: "b".repeat(101) })).toEqual({
      ok: false,
      errors: {
        firstName: "Voornaam mag maximaal 100 tekens bevatten",
        lastName: "Achternaam mag maximaal 100 tekens bevatten",
      },
    });
    expect(validateProfile({ ...valid, firstName: "a".repeat(100) }).ok).toBe(true);
  });

  it("refuses control characters in names", () => {
    expect(validateProfile({ ...valid, lastName: "de\nVries" })).toEqual({
      ok: false,
      errors: { lastName: "Ongeldige tekens in dit veld" },
    });
  });

  it("refuses a phone number with letters or other signs", () => {
    for (const phone of ["06-1234abcd", "06.12345678", "+31 6 1234 5678 ext"]) {
      expect(validateProfile({ ...valid, phone })).toEqual({
        ok: false,
        errors: { phone: "Telefoonnummer mag alleen cijfers, spaties en de tekens + - ( ) bevatten" },
      });
    }
  });

  it("refuses a phone number over 20 characters or with fewer than 8 digits", () => {
    expect(validateProfile({ ...valid, phone: "+31 (0)6 12 34 56 78 9" })).toEqual({
      ok: false,
      errors: { phone: "Telefoonnummer mag maximaal 20 tekens bevatten" },
    });
    expect(validateProfile({ ...valid, phone: "+31 (0)6 1234 56789" }).ok).toBe(true);
    for (const phone of ["1234567", "+-() 123 4567", "--------"]) {
      expect(validateProfile({ ...valid, phone })).toEqual({
        ok: false,
        errors: { phone: "Telefoonnummer moet minimaal 8 cijfers bevatten" },
      });
    }
    expect(validateProfile({ ...valid, phone: "12345678" }).ok).toBe(true);
  });

  it("reads only the editable fields from a form; a posted e-mail address is not among them", () => {
    const form = new FormData();
    form.set("firstName", "Jan");
    form.set("email", "ander@example.nl");
    form.set("userId", "iemand-anders");
    expect(profileValuesFrom(form)).toEqual({ firstName: "Jan", lastName: "", phone: "" });
  });

  it("joins first and last name for the account, leaving out empty parts", () => {
    expect(fullName("Jan", "de Vries")).toBe("Jan de Vries");
    expect(fullName(" Jan ", "")).toBe("Jan");
    expect(fullName("", "de Vries")).toBe("de Vries");
    expect(fullName("", "")).toBe("");
  });
});
