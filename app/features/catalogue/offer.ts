/**
 * Prices of a product as the shop shows them, and the honest "was" price.
 *
 * A product has a discount when its discounted price is above 0 and below its consumer price
 * (spec 1 §4); the shopper then pays the discounted price. A struck "was" price is shown only
 * when it is true: the reference price is the LOWEST selling price of the 30 days before the offer
 * started (EU Omnibus Directive, art. 6a of Directive 98/6/EC; ACM "Prijsverlagingen"), kept on the
 * product row by the database trigger `products_price_track` (docs/decisions/0013-honest-was-price.md).
 * When that reference is unknown or not above the price paid, there is no reduction to claim:
 * no struck price, no percentage.
 */
export type OfferPrices = {
  consumerPriceCents: number | null | undefined;
  discountedPriceCents: number | null | undefined;
  /** products.reference_price_cents: lowest price of the 30 days before the offer started. */
  referencePriceCents: number | null | undefined;
};

export type Offer =
  /** `nowCents`: what the shopper pays. No reduction to show. */
  | { onOffer: false; nowCents: number }
  /** A true reduction: struck `wasCents` (the reference price) and `percent` off it. */
  | { onOffer: true; nowCents: number; wasCents: number; percent: number };

/** Whether the discounted price is a real discount on the consumer price (what the shopper pays). */
export function hasDiscount(
  consumerPriceCents: number | null | undefined,
  discountedPriceCents: number | null | undefined,
) {
  const consumer = consumerPriceCents ?? 0;
  const discounted = discountedPriceCents ?? 0;
  return discounted > 0 && discounted < consumer;
}

/** The price paid and, only when it is honest, the struck "was" price with the rounded percentage. */
export function offerOf(p: OfferPrices): Offer {
  const discounted = hasDiscount(p.consumerPriceCents, p.discountedPriceCents);
  const nowCents = discounted ? (p.discountedPriceCents ?? 0) : (p.consumerPriceCents ?? 0);
  const was = p.referencePriceCents ?? 0;
  if (!discounted || was <= nowCents) return { onOffer: false, nowCents };
  return { onOffer: true, nowCents, wasCents: was, percent: Math.round(((was - nowCents) / was) * 100) };
}

/** One recorded selling price: in effect from `validFrom` until the next one. */
export type PricePoint = { priceCents: number; validFrom: Date };

export const REFERENCE_WINDOW_DAYS = 30;

/**
 * The reference ("was") price for an offer starting at `offerStart`: the lowest selling price in
 * effect at any moment of the 30 days before it — the price in effect when the window opened plus
 * every price set inside it. null when no price is known from before the offer. The same rule as the
 * trigger `product_price_track` (which stores the result on the product); tested against it.
 */
export function lowestPriceBefore(history: readonly PricePoint[], offerStart: Date): number | null {
  const windowStart = offerStart.getTime() - REFERENCE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  const before = history
    .filter((h) => h.priceCents > 0 && h.validFrom.getTime() < offerStart.getTime())
    .sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime());
  const atOpen = before.filter((h) => h.validFrom.getTime() <= windowStart).at(-1);
  const inside = before.filter((h) => h.validFrom.getTime() > windowStart);
  const prices = [...(atOpen ? [atOpen.priceCents] : []), ...inside.map((h) => h.priceCents)];
  return prices.length ? Math.min(...prices) : null;
}
