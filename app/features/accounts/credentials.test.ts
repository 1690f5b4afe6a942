import { describe, expect, it } from "vitest";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  safeRedirect,
  validateEmailOnly,
  validateLogin,
  validateNewPassword,
  validateRegister,
} from "./credentials";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("login form", () => {
  it("accepts a valid address and password, trims and lower-cases the address", () => {
    expect(validateLogin(form({ email: "  Anna@Example.NL ", password: "geheim1", rememberMe: "on" }))).toEqual({
      ok: true,
      data: { email: "anna@example.nl", password: "geheim1", rememberMe: true },
    });
  });

  it("reads an unticked remember-me as false and keeps spaces in the password", () => {
    expect(validateLogin(form({ email: "anna@example.nl", password: " 12345 " }))).toEqual({
      ok: true,
      data: { email: "anna@example.nl", password: " 12345 ", rememberMe: false },
    });
  });

  it("gives the spec's messages for a bad address and a short password", () => {
    expect(validateLogin(form({ email: "anna@", password: "12345" }))).toEqual({
      ok: false,
      errors: { email: "Voer een geldig e-mailadres in", password: "Wachtwoord moet minimaal 6 tekens bevatten" },
    });
    expect(validateLogin(new FormData())).toEqual({
      ok: false,
      errors: { email: "Voer een geldig e-mailadres in", password: "Wachtwoord moet minimaal 6 tekens bevatten" },
    });
  });

  it("refuses an over-long password with its own message", () => {
    const result = validateLogin(form({ email: "anna@example.nl", password: "x".repeat(129) }));
    expect(result).toEqual({ ok: false, errors: { password: "Wachtwoord mag maximaal 128 tekens bevatten" } });
  });

  it("refuses the reserved .invalid domain of Strava placeholder addresses", () => {
    const result = validateLogin(form({ email: "strava-42@strava.invalid", password: "geheim1" }));
    expect(result).toEqual({ ok: false, errors: { email: "Voer een geldig e-mailadres in" } });
  });
});

describe("register form", () => {
  it("accepts matching passwords", () => {
    expect(validateRegister(form({ email: "a@b.nl", password: "geheim1", confirmPassword: "geheim1" }))).toEqual({
      ok: true,
      data: { email: "a@b.nl", password: "geheim1", confirmPassword: "geheim1" },
    });
  });

  it("shows a mismatch on confirmPassword", () => {
    expect(validateRegister(form({ email: "a@b.nl", password: "geheim1", confirmPassword: "geheim2" }))).toEqual({
      ok: false,
      errors: { confirmPassword: "Wachtwoorden komen niet overeen" },
    });
  });

  it("reports every field at once", () => {
    expect(validateRegister(form({ email: "nee", password: "kort", confirmPassword: "" }))).toEqual({
      ok: false,
      errors: {
        email: "Voer een geldig e-mailadres in",
        password: "Wachtwoord moet minimaal 6 tekens bevatten",
        confirmPassword: "Wachtwoorden komen niet overeen",
      },
    });
  });
});

describe("e-mail only and new password", () => {
  it("validates one address", () => {
    expect(validateEmailOnly(form({ email: "A@B.nl" }))).toEqual({ ok: true, data: { email: "a@b.nl" } });
    expect(validateEmailOnly(form({ email: "" }))).toEqual({
      ok: false,
      errors: { email: "Voer een geldig e-mailadres in" },
    });
  });

  it("needs a long enough, confirmed new password", () => {
    expect(validateNewPassword(form({ password: "nieuw123", confirmPassword: "nieuw123" }))).toEqual({
      ok: true,
      data: { password: "nieuw123", confirmPassword: "nieuw123" },
    });
    expect(validateNewPassword(form({ password: "abc", confirmPassword: "abc" }))).toEqual({
      ok: false,
      errors: { password: "Wachtwoord moet minimaal 6 tekens bevatten" },
    });
    expect(validateNewPassword(form({ password: "nieuw123", confirmPassword: "nieuw124" }))).toEqual({
      ok: false,
      errors: { confirmPassword: "Wachtwoorden komen niet overeen" },
    });
  });
});

describe("password bounds", () => {
  it("are the spec's minimum of 6 and our maximum of 128", () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([6, 128]);
  });
});

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/product/123?x=1#top")).toBe("/product/123?x=1#top");
    expect(safeRedirect("/")).toBe("/");
  });

  it.each([
    ["https://evil.example/"],
    ["//evil.example/"],
    ["/\\evil.example/"],
    ["/\t/evil.example"],
    ["javascript:alert(1)"],
    ["profile"],
    [""],
    [null],
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });
});
