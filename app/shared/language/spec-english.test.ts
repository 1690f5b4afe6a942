import { describe, expect, it } from "vitest";
import { dutchLine } from "./spec-english";

describe("the Dutch line under the spec's English titles on the shopper's side", () => {
  it("puts the title's Dutch words before the reason, as one sentence", () => {
    expect(dutchLine("Invalid coupon", "Deze kortingscode bestaat niet.")).toBe(
      "Ongeldige kortingscode: deze kortingscode bestaat niet.",
    );
  });

  it("says the title's Dutch words alone when there is no reason", () => {
    expect(dutchLine("Please enter a coupon code")).toBe("Vul een kortingscode in.");
    expect(dutchLine("Invalid checkout session", "")).toBe(
      "Deze betaalsessie is onbekend of verlopen. Je winkelwagen is bewaard.",
    );
  });

  it("adds a reason after Dutch words that are already a sentence", () => {
    expect(dutchLine("Failed to apply coupon", "Probeer het later opnieuw.")).toBe(
      "De kortingscode kon niet worden toegepast: probeer het later opnieuw.",
    );
    expect(dutchLine("Could not verify payment", "Vernieuw de pagina.")).toBe(
      "We konden je betaling nog niet controleren. Vernieuw de pagina.",
    );
  });

  it("leaves a Dutch title's reason as it is", () => {
    expect(dutchLine("Betaling geannuleerd", "Je winkelwagen is bewaard.")).toBe("Je winkelwagen is bewaard.");
    expect(dutchLine("Betaling geannuleerd")).toBeUndefined();
  });
});
