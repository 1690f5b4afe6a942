import type { VatLine } from "~/features/orders/schema";

export type { VatLine };

/** A priced line: the unit price the shop charges now (VAT included), in cents. */
export type PricedLine = { unitPriceCents: number; quantity: number; vatRate: number };

export type ShippingRule = { shippingFeeCents: number; freeShippingThresholdCents: number };

export type Totals = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** VAT included in the total, per rate, highest rate first (spec 2 §9). */
  vat: VatLine[];
  /** What is still missing for free shipping ("Nog €X te besteden…"); 0 once shipping is free. */
  freeShippingRemainingCents: number;
};

/** VAT included in a gross amount: amount − amount / (1 + rate/100), rounded to the cent. */
export function vatIncludedCents(grossCents: number, rate: number): number {
  return Math.round(grossCents - grossCents / (1 + rate / 100));
}

/**
 * Splits `amount` over `weights` in proportion, in whole cents that add up exactly (largest
 * remainder), so a discount or shipping fee shared by two VAT rates loses no cent.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The one price calculation of cart, checkout, order and e-mail (the server's; the browser's copy is
 * only a display). Shipping is free from the threshold on, measured after the discount. Discount and
 * shipping are shared over the VAT rates in proportion to the goods at each rate.
 */
export function priceOrder(lines: readonly PricedLine[], discountCents: number, rule: ShippingRule): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const discount = Math.max(0, Math.min(Math.round(discountCents), subtotalCents));
  const goodsCents = subtotalCents - discount;
  const freeShipping = goodsCents >= rule.freeShippingThresholdCents || lines.length === 0;
  const shippingCents = freeShipping ? 0 : rule.shippingFeeCents;

  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.unitPriceCents * l.quantity);
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  const gross = rates.map((r) => byRate.get(r)!);
  const discounts = allocate(discount, gross);
  const shipping = allocate(shippingCents, gross);
  const vat = rates
    .map((rate, i) => ({ rate, amountCents: vatIncludedCents(gross[i]! - discounts[i]! + shipping[i]!, rate) }))
    .filter((v) => v.amountCents > 0);

  return {
    subtotalCents,
    discountCents: discount,
    shippingCents,
    totalCents: goodsCents + shippingCents,
    vat,
    freeShippingRemainingCents: freeShipping ? 0 : rule.freeShippingThresholdCents - goodsCents,
  };
}
