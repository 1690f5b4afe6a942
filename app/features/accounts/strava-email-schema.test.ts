import { describe, expect, it } from "vitest";
import { parseStravaEmail } from "./strava-email-schema";

describe("parseStravaEmail", () => {
  it("accepts an address, trimmed and lower-cased", () => {
    expect(parseStravaEmail("  Marianne.Vos@Example.NL ")).toEqual({ ok: true, email: "marianne.vos@example.nl" });
  });

  it("refuses anything else with the spec's message", () => {
    for (const value of ["", "geen-adres", "a@b", null, 42, `${"x".repeat(250)}@example.nl`]) {
      expect(parseStravaEmail(value)).toEqual({ ok: false, error: "Voer een geldig e-mailadres in" });
    }
  });

  it("refuses a Strava placeholder address", () => {
    expect(parseStravaEmail("strava-123@strava.invalid")).toEqual({
      ok: false,
      error: "Voer een geldig e-mailadres in",
    });
  });
});
