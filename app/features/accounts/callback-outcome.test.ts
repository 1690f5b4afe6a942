import { describe, expect, it } from "vitest";
import { callbackOutcome, describeCallbackError } from "./callback-outcome";

describe("callbackOutcome", () => {
  it("reports an error with the spec's title and a Dutch explanation, even for a signed-in viewer", () => {
    expect(callbackOutcome({ error: "access_denied", confirmed: false, viewer: { needsEmail: false } })).toEqual({
      type: "show",
      message: {
        kind: "error",
        title: "Authenticatie mislukt",
        description: "Je hebt het inloggen met Strava geannuleerd.",
      },
      next: "/",
    });
  });

  it("asks a new Strava user for an e-mail address first", () => {
    expect(callbackOutcome({ error: null, confirmed: false, viewer: { needsEmail: true } })).toEqual({
      type: "redirect",
      to: "/auth/email",
    });
  });

  it("welcomes a signed-in viewer, mentioning a confirmed address", () => {
    expect(callbackOutcome({ error: null, confirmed: false, viewer: { needsEmail: false } })).toMatchObject({
      message: { kind: "success", title: "Succesvol ingelogd", description: undefined },
      next: "/",
    });
    expect(callbackOutcome({ error: null, confirmed: true, viewer: { needsEmail: false } })).toMatchObject({
      message: { kind: "success", title: "Succesvol ingelogd", description: "Je e-mailadres is bevestigd." },
    });
  });

  it("tells a guest back from a verification link to sign in, and any other guest that it failed", () => {
    expect(callbackOutcome({ error: null, confirmed: true, viewer: null })).toMatchObject({
      message: { kind: "info", title: "E-mailadres bevestigd" },
    });
    expect(callbackOutcome({ error: null, confirmed: false, viewer: null })).toMatchObject({
      message: { kind: "error", title: "Authenticatie mislukt" },
    });
  });
});

describe("describeCallbackError", () => {
  it("explains expired and invalid verification links and inactive accounts", () => {
    expect(describeCallbackError("TOKEN_EXPIRED")).toBe(
      "De bevestigingslink is verlopen. Log in om een nieuwe link aan te vragen.",
    );
    expect(describeCallbackError("ACCOUNT_INACTIVE")).toBe(
      "Dit account is gedeactiveerd. Neem contact op met de klantenservice.",
    );
  });

  it("falls back to a general message for unknown codes, including prototype names", () => {
    const generic = "Er ging iets mis bij het inloggen. Probeer het opnieuw.";
    expect(describeCallbackError("something_new")).toBe(generic);
    expect(describeCallbackError("constructor")).toBe(generic);
    expect(describeCallbackError("__proto__")).toBe(generic);
  });
});
