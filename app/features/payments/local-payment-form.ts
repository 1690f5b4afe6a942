/**
 * The local test payment page's form: shared by the page (labels, choices) and its action (checks).
 * It imitates a payment provider's page; no real bank or card is ever contacted.
 */

export const IDEAL_BANKS = ["ABN AMRO", "ING", "Rabobank", "ASN Bank", "bunq", "Knab", "SNS", "Triodos"] as const;

/** The one card number the test page accepts, like Stripe's test card. */
export const TEST_CARD_NUMBER = "4242424242424242";

export const LOCAL_PAYMENT_TEXT = {
  testNotice: "Testbetaalpagina — er wordt geen echt geld afgeschreven",
  chooseBank: "Kies je bank",
  bankRequired: "Kies je bank om met iDEAL te betalen.",
  wrongCard: "Gebruik het testkaartnummer 4242 4242 4242 4242.",
  noCard: "Vul het kaartnummer in.",
  chooseMethod: "Kies een betaalmethode.",
  failedTitle: "Betaling mislukt",
  failedText:
    "De betaling is niet gelukt en er is niets afgeschreven. Je kunt het opnieuw proberen of de betaling annuleren; je bestelling blijft dan onbetaald.",
  expiredTitle: "Deze betaalsessie is verlopen",
  expiredText:
    "Je had 30 minuten om te betalen. Er is niets afgeschreven. Ga terug naar de winkel en reken opnieuw af; je winkelwagen is bewaard.",
  unknownTitle: "Deze betaalpagina bestaat niet",
  unknownText:
    "De link is onjuist of de betaling is al afgerond. Er is niets afgeschreven. Ga terug naar de winkel om verder te gaan.",
} as const;

export type LocalPaymentValues = { method: "ideal" | "card"; bank: string; cardNumber: string };
export type LocalPaymentErrors = Partial<Record<"method" | "bank" | "cardNumber", string>>;

export function localPaymentValuesFrom(form: FormData): LocalPaymentValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 100) : "";
  };
  return { method: text("method") === "card" ? "card" : "ideal", bank: text("bank"), cardNumber: text("cardNumber") };
}

export type CheckedPayment =
  | { ok: true; method: "ideal"; bank: string }
  | { ok: true; method: "card"; bank: null }
  | { ok: false; errors: LocalPaymentErrors };

export function checkLocalPayment(values: LocalPaymentValues): CheckedPayment {
  if (values.method === "ideal") {
    const bank = IDEAL_BANKS.find((b) => b === values.bank);
    return bank
      ? { ok: true, method: "ideal", bank }
      : { ok: false, errors: { bank: LOCAL_PAYMENT_TEXT.bankRequired } };
  }
  const digits = values.cardNumber.replace(/[\s-]/g, "");
  if (!digits) return { ok: false, errors: { cardNumber: LOCAL_PAYMENT_TEXT.noCard } };
  if (digits !== TEST_CARD_NUMBER) return { ok: false, errors: { cardNumber: LOCAL_PAYMENT_TEXT.wrongCard } };
  return { ok: true, method: "card", bank: null };
}
