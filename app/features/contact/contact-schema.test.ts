import { describe, expect, it } from "vitest";
import { validateContact, type ContactValues } from "./contact-schema";

const valid: ContactValues = {
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.nl",
  subject: "Levertijd",
  message: "Wanneer komt mijn bestelling?",
};

describe("contact schema", () => {
  it("accepts a complete message and trims it", () => {
    const result = validateContact({ ...valid, firstName: "  Anna " });
    expect(result).toEqual({ ok: true, data: { ...valid, firstName: "Anna" } });
  });

  it("names every missing field in Dutch", () => {
    const result = validateContact({ firstName: "", lastName: " ", email: "", subject: "", message: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: "Vul je voornaam in",
        lastName: "Vul je achternaam in",
        email: "Voer een geldig e-mailadres in",
        subject: "Vul een onderwerp in",
        message: "Schrijf je bericht",
      },
    });
  });

  it("refuses an e-mail address without a domain", () => {
    expect(validateContact({ ...valid, email: "anna@" })).toEqual({
      ok: false,
      errors: { email: "Voer een geldig e-mailadres in" },
    });
  });
});
