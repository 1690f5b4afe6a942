/** Money is integer euro cents everywhere inside the shop; these are the only conversions. */

const euro = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });

export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}

/**
 * Reads a supplier price text ("12,95", "1.234,50", "12.95", "€ 7") into cents.
 * A comma is the decimal separator when present; anything unreadable is 0 (spec 1 §5).
 */
export function parsePriceText(text: string | null | undefined): number {
  if (text == null) return 0;
  let s = String(text).replace(/[€\s]/g, "");
  if (s === "") return 0;
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(s)) return 0;
  const value = Math.round(Number(s) * 100);
  return Number.isFinite(value) && value >= 0 ? value : 0;
}

/** The VAT contained in a VAT-inclusive amount: amount − amount / (1 + rate/100), rounded to cents. */
export function vatIncluded(amountCents: number, ratePercent: number): number {
  return Math.round(amountCents - amountCents / (1 + ratePercent / 100));
}
