/**
 * A bulk price change (ADR 0034): a percentage or an amount in euros added to (or taken from) the
 * consumer price. Pure: the server applies it to each product it has locked, and the unit tests next
 * to this file work the results out by hand.
 */
export type PriceChange =
  /** Hundredths of a percent: 10 % is 1000, -12,5 % is -1250. */
  | { mode: "percent"; basisPoints: number }
  /** Cents added to the price (negative: taken off). */
  | { mode: "amount"; cents: number };

export const PERCENT_MIN_BP = -9_000;
export const PERCENT_MAX_BP = 100_000;
export const AMOUNT_MAX_CENTS = 1_000_000;

/** "10", "-12,5", "+2.50", "€ -3": the number in hundredths, or null when it is not such a number. */
function hundredths(text: string): number | null {
  const value = text.replace(/[€\s]/g, "").replace("\u2212", "-");
  const m = /^([+-]?)(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!m) return null;
  const whole = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] === "-" ? -whole : whole;
}

export type ParsedPriceChange = { ok: true; change: PriceChange } | { ok: false; message: string };

/** The bulk dialog's two fields: `mode` ("percent" or "amount") and the number the owner typed. */
export function parsePriceChange(mode: string | null, amount: string | null): ParsedPriceChange {
  if (mode !== "percent" && mode !== "amount") return { ok: false, message: "Choose a change in % or in €." };
  const n = hundredths(amount ?? "");
  if (n === null) {
    return {
      ok: false,
      message:
        mode === "percent"
          ? "Enter a percentage such as 10 or -5 (at most two decimals)."
          : "Enter an amount in euros such as 2,50 or -1,00.",
    };
  }
  if (n === 0) return { ok: false, message: "Enter a change other than 0." };
  if (mode === "percent") {
    if (n < PERCENT_MIN_BP || n > PERCENT_MAX_BP) {
      return { ok: false, message: "A percentage must be between -90 and +1000." };
    }
    return { ok: true, change: { mode, basisPoints: n } };
  }
  if (Math.abs(n) > AMOUNT_MAX_CENTS)
    return { ok: false, message: "An amount must be between -€ 10.000 and +€ 10.000." };
  return { ok: true, change: { mode, cents: n } };
}

/**
 * One price after the change, in whole cents: a percentage rounds half a cent up (€ 19,95 + 10 % =
 * 21,945 → € 21,95; € 9,99 − 15 % = 8,4915 → € 8,49), an amount is exact. May be 0 or below:
 * the caller leaves such a product alone.
 */
export function changedPrice(cents: number, change: PriceChange): number {
  if (change.mode === "amount") return cents + change.cents;
  // Integer arithmetic only (no 0.1 + 0.2): cents × (10 000 + bp) / 10 000, half up. The numerator is
  // never negative (bp > -10 000), so floor is the rounding the database would do too.
  return Math.floor((cents * (10_000 + change.basisPoints) + 5_000) / 10_000);
}

export type ProductPrices = { consumerPriceCents: number | null; discountedPriceCents: number | null };

export type PriceOutcome =
  | { changed: true; after: { consumerPriceCents: number; discountedPriceCents: number | null } }
  | { changed: false; reason: "no-price" | "not-above-zero" };

/**
 * The change applies to the consumer price. A running offer (a discounted price above 0 and below
 * the consumer price) keeps its price while it stays below the new consumer price; when it no longer
 * does, the offer ends (discounted price cleared), the rule the edit form enforces: an offer must be
 * below the consumer price. A discounted price that was no real offer (not below the consumer price)
 * is cleared too, so that a raise cannot turn it into an offer nobody started. A product without a
 * consumer price, or whose price would be € 0,00 or less, is not changed.
 */
export function applyPriceChange(prices: ProductPrices, change: PriceChange): PriceOutcome {
  const consumer = prices.consumerPriceCents;
  if (consumer == null || consumer <= 0) return { changed: false, reason: "no-price" };
  const next = changedPrice(consumer, change);
  if (next <= 0) return { changed: false, reason: "not-above-zero" };
  const discounted = prices.discountedPriceCents;
  const onOffer = discounted != null && discounted > 0 && discounted < consumer;
  return {
    changed: true,
    after: {
      consumerPriceCents: next,
      discountedPriceCents: onOffer ? (discounted >= next ? null : discounted) : discounted ? null : discounted,
    },
  };
}

/** "+10 %", "-12,5 %", "+€ 2,50", "-€ 1,00": how the change is named in toasts and the change log. */
export function priceChangeText(change: PriceChange): string {
  const sign = (n: number) => (n < 0 ? "-" : "+");
  if (change.mode === "percent") {
    const abs = Math.abs(change.basisPoints);
    const decimals =
      abs % 100 === 0
        ? ""
        : `,${String(abs % 100)
            .padStart(2, "0")
            .replace(/0$/, "")}`;
    return `${sign(change.basisPoints)}${Math.floor(abs / 100)}${decimals} %`;
  }
  const abs = Math.abs(change.cents);
  return `${sign(change.cents)}€ ${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}
