/**
 * The one language rule (issue 29 item 9, ADR 0039):
 * - the shopper's side speaks Dutch and says "je";
 * - the admin speaks English;
 * - except the texts below. Each is a text the spec gives in its own words (spec 2 §8, spec 1 §2),
 *   a message that completes such a text so that the pair reads as one message, or a quotation of
 *   what the shopper sees. Nothing else may break the rule: language-rule.test.ts reads every text in
 *   app/ and fails on Dutch in the admin and on English or "u/uw" on the shopper's side that is not
 *   listed here.
 *
 * Placeholders: "{…}" stands for any inserted value.
 */

export type WordingException = {
  text: string;
  side: "shop" | "admin";
  why: "spec" | "completes a spec message" | "quotes the shop" | "legal text" | "the tax form's words";
  /**
   * For the spec's English texts on the shopper's side: the Dutch words shown with it, so that a
   * shopper who reads no English still reads one message (the title keeps the spec's words).
   */
  dutch?: string;
};

export const WORDING_EXCEPTIONS: readonly WordingException[] = [
  // The shopper's side: the spec's English texts (spec 2 §8 "Shopper"), each with its Dutch words.
  { text: "Please enter a coupon code", side: "shop", why: "spec", dutch: "Vul een kortingscode in." },
  { text: "Invalid coupon", side: "shop", why: "spec", dutch: "Ongeldige kortingscode" },
  { text: "Failed to apply coupon", side: "shop", why: "spec", dutch: "De kortingscode kon niet worden toegepast" },
  {
    text: "Invalid checkout session",
    side: "shop",
    why: "spec",
    dutch: "Deze betaalsessie is onbekend of verlopen. Je winkelwagen is bewaard.",
  },
  { text: "Could not verify payment", side: "shop", why: "spec", dutch: "We konden je betaling nog niet controleren." },
  { text: "Payment verification failed", side: "shop", why: "spec", dutch: "Je betaling is niet gelukt." },
  {
    text: "An error occurred while processing your order",
    side: "shop",
    why: "spec",
    dutch: "Er ging iets mis bij het verwerken van je bestelling.",
  },
  { text: "Order successfully processed!", side: "shop", why: "spec", dutch: "Bestelling succesvol geplaatst!" },
  // The admin guard's toast on the home page for someone who is not an admin (spec 2 §8 "Admin guard").
  { text: "You must be logged in to access the admin dashboard", side: "shop", why: "spec" },
  // The shopper's side: the spec's own "u" and "uw" (spec 1 §2.3, spec 2 §8), kept word for word.
  { text: "Heeft u al een account?", side: "shop", why: "spec" },
  { text: "Controleer uw e-mail om uw account te bevestigen.", side: "shop", why: "spec" },
  { text: "U bent uitgelogd", side: "shop", why: "spec" },
  { text: "Er is een fout opgetreden bij het bijwerken van uw profiel", side: "shop", why: "spec" },
  // The statutory model withdrawal form (Burgerlijk Wetboek, bijlage I bij art. 6:230m) is quoted as the law words it.
  {
    text: "Ik/Wij* deel/delen* u hierbij mede dat ik/wij* onze overeenkomst betreffende de verkoop van de volgende producten herroep/herroepen*:",
    side: "shop",
    why: "legal text",
  },

  // The admin: the spec's Dutch headings and messages (spec 1 §2.15, spec 2 §8 "Catalogue admin").
  { text: "Alle Bestellingen", side: "admin", why: "spec" },
  { text: "Bestelling Details", side: "admin", why: "spec" },
  { text: "Bestelling Details | Admin Dashboard | Trapkracht", side: "admin", why: "spec" },
  { text: "Bestelling niet gevonden", side: "admin", why: "spec" },
  { text: "Geen bestellingen gevonden", side: "admin", why: "spec" },
  { text: "Zoekfilter wissen", side: "admin", why: "spec" },
  { text: "Geen klantgegevens", side: "admin", why: "spec" },
  { text: "Homepage Carousel Beheer", side: "admin", why: "spec" },
  { text: "Slide is opgeslagen", side: "admin", why: "spec" },
  { text: "Slide is verwijderd", side: "admin", why: "spec" },
  { text: "Volgorde is bijgewerkt", side: "admin", why: "spec" },
  { text: "Fout bij opslaan", side: "admin", why: "spec" },
  { text: "Fout bij verwijderen", side: "admin", why: "spec" },
  { text: "Fout bij bijwerken volgorde", side: "admin", why: "spec" },
  { text: "Er is een fout opgetreden bij het laden van de carousel slides.", side: "admin", why: "spec" },
  { text: "Probeer opnieuw", side: "admin", why: "spec" },
  { text: "Onderhoudsmodus", side: "admin", why: "spec" },
  { text: "Kon de onderhoudsmodus niet wijzigen", side: "admin", why: "spec" },
  { text: "Er is een onbekende fout opgetreden.", side: "admin", why: "spec" },
  { text: "Onderhoudsmodus ingeschakeld", side: "admin", why: "spec" },
  { text: "Onderhoudsmodus uitgeschakeld", side: "admin", why: "spec" },
  { text: "Tag toegevoegd", side: "admin", why: "spec" },
  { text: "Tag verwijderd", side: "admin", why: "spec" },
  { text: "Fout", side: "admin", why: "spec" },
  // The admin: server messages shown under a spec's Dutch title ("Fout" with the server message, "Fout bij
  // opslaan: {message}"), in Dutch so that title and message read as one.
  { text: "De tag mag niet leeg zijn.", side: "admin", why: "completes a spec message" },
  { text: "Een tag is hoogstens {…} tekens.", side: "admin", why: "completes a spec message" },
  { text: 'Dit product heeft de tag "{…}" al.', side: "admin", why: "completes a spec message" },
  { text: 'Dit product heeft geen tag "{…}".', side: "admin", why: "completes a spec message" },
  { text: "Slide niet gevonden", side: "admin", why: "completes a spec message" },
  { text: "De eerste slide kan niet omhoog", side: "admin", why: "completes a spec message" },
  { text: "De laatste slide kan niet omlaag", side: "admin", why: "completes a spec message" },
  { text: "Kies omhoog of omlaag", side: "admin", why: "completes a spec message" },
  { text: "Kies een positie van 1 tot {…}", side: "admin", why: "completes a spec message" },
  { text: "Kies een positie (1, 2, 3, …)", side: "admin", why: "completes a spec message" },
  { text: "Achtergrondafbeelding mag hoogstens {…} tekens zijn", side: "admin", why: "completes a spec message" },
  { text: "Achtergrondafbeelding is geen geldige URL", side: "admin", why: "completes a spec message" },
  {
    text: "Gebruik een afbeelding van de winkel zelf: upload een bestand of geef een pad zoals /media/hero/1.svg",
    side: "admin",
    why: "completes a spec message",
  },
  { text: "Titel mag hoogstens {…} tekens zijn", side: "admin", why: "completes a spec message" },
  { text: "Startdatum is geen geldige datum", side: "admin", why: "completes a spec message" },
  { text: "Einddatum is geen geldige datum", side: "admin", why: "completes a spec message" },
  { text: "Einddatum ligt voor de startdatum", side: "admin", why: "completes a spec message" },
  { text: "Deze categorie bestaat niet (meer)", side: "admin", why: "completes a spec message" },
  { text: "Dit product bestaat niet of is niet te koop", side: "admin", why: "completes a spec message" },
  {
    text: "Kies de link uit de suggesties: een vaste pagina, een categorie of een product",
    side: "admin",
    why: "completes a spec message",
  },
  { text: "{…} mag hoogstens {…} tekens zijn", side: "admin", why: "completes a spec message" },
  { text: "Kies actief of inactief", side: "admin", why: "completes a spec message" },
  { text: "Achtergrondafbeelding is verplicht", side: "admin", why: "completes a spec message" },
  { text: "Titel is verplicht", side: "admin", why: "completes a spec message" },
  { text: "Laad de pagina opnieuw en probeer het nog eens.", side: "admin", why: "completes a spec message" },
  // The admin: the rubrics of the Dutch VAT return in the Belastingdienst's own words (Reports).
  { text: "Leveringen/diensten belast met 0% of niet bij u belast", side: "admin", why: "the tax form's words" },
  // The admin: the shopper's words quoted, so the admin knows what the customer sees.
  {
    text: "Each of these customers gets the “Je bestelling is verzonden” e-mail once:",
    side: "admin",
    why: "quotes the shop",
  },
];

/** The Dutch words to show with one of the spec's English texts on the shopper's side, or null. */
export function dutchWithSpecEnglish(text: string): string | null {
  return WORDING_EXCEPTIONS.find((e) => e.side === "shop" && e.text === text)?.dutch ?? null;
}
