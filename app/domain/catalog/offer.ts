/**
 * A product is on offer when it has a discounted price that is lower than its consumer price
 * (spec 1 §4). The percentage shown is the rounded difference.
 */
export function offerOf(
  consumerPriceCents: number | null | undefined,
  discountedPriceCents: number | null | undefined,
): { onOffer: false } | { onOffer: true; percent: number; wasCents: number; nowCents: number } {
  const was = consumerPriceCents ?? 0;
  const now = discountedPriceCents ?? 0;
  if (now <= 0 || was <= 0 || now >= was) return { onOffer: false };
  return { onOffer: true, percent: Math.round(((was - now) / was) * 100), wasCents: was, nowCents: now };
}
