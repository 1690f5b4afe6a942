/**
 * A believable, deterministic price history for the demo catalogue, so the honest "was" price
 * (docs/decisions/0013-honest-was-price.md) has something to work from. The seeder inserts every
 * product at its first step's prices dated HISTORY_START_DAYS before SEED_PRICE_CLOCK, then applies
 * the later steps as ordinary updates dated so many days before it; the database trigger records the history and works
 * out each offer's reference price, exactly as for an admin edit or an import.
 *
 * The scenarios of the products that end on offer:
 * - stable: the consumer price for weeks, then the offer (struck price = the consumer price);
 * - raised: a lower price until shortly before the offer, then raised to the consumer price, then
 *   the offer. The struck price is the lower price, or none at all when that was the offer price
 *   itself (a price raised just before a discount does not become the "was" price);
 * - progressive: a first, smaller reduction, deepened later (the first reference stays).
 * Some products not on offer had an offer that ended.
 * The step of each product is drawn from its own generator (seeded by its ArtNo), so the rest of
 * the catalogue is exactly what product-generator makes.
 */
import { hasDiscount } from "~/features/catalogue";
import type { GeneratedProduct } from "./product-generator";
import { createRng } from "./prng";

/**
 * "Today" of the seeded history: fixed, so every seed of the same catalogue is identical (dates
 * included). The catalogue's products are created up to this day (product-generator CREATED_BASE).
 */
export const SEED_PRICE_CLOCK = new Date(Date.UTC(2026, 5, 1, 8, 0, 0));

/** The first known price of every seeded product dates from this many days before SEED_PRICE_CLOCK. */
export const HISTORY_START_DAYS = 60;

export type PriceStep = { daysAgo: number; consumerPriceCents: number; discountedPriceCents: number | null };

const OFFER_DAYS = [2, 5, 9, 13, 18] as const;
const RAISE_GAP_DAYS = [4, 7] as const;

/** A price between low and high (exclusive of high) that ends in ,95, or low itself when none fits. */
function priceBetween(low: number, high: number, fraction: number): number {
  const raw = Math.floor((low + (high - low) * fraction) / 100) * 100 + 95;
  return raw > low && raw < high ? raw : low;
}

/** The price steps of a product, oldest first; the last one is the product as generated. */
export function priceStepsOf(p: GeneratedProduct): PriceStep[] {
  const c = p.consumerPriceCents;
  const d = p.discountedPriceCents;
  const now: PriceStep = { daysAgo: 0, consumerPriceCents: c, discountedPriceCents: d };
  const rng = createRng(Math.imul(p.artNo, 0x9e3779b1) ^ 0x5eed);
  if (!hasDiscount(c, d)) {
    // About 5% of the rest had an offer that ended a while ago.
    if (c > 500 && rng.chance(0.05)) {
      return [
        { daysAgo: HISTORY_START_DAYS, consumerPriceCents: c, discountedPriceCents: null },
        { daysAgo: rng.pick([40, 25, 14]), consumerPriceCents: c, discountedPriceCents: priceBetween(0, c, 0.8) },
        { ...now, daysAgo: rng.pick([10, 6, 3]) },
      ];
    }
    return [{ ...now, daysAgo: HISTORY_START_DAYS }];
  }
  const discounted = d!;
  const offerDays = rng.pick(OFFER_DAYS);
  const roll = rng.next();
  if (roll < 0.6) {
    return [
      { daysAgo: HISTORY_START_DAYS, consumerPriceCents: c, discountedPriceCents: null },
      { ...now, daysAgo: offerDays },
    ];
  }
  if (roll < 0.8) {
    // Half of them were sold at the offer price itself before the raise: no reduction to show.
    const lower = rng.chance(0.5) ? discounted : priceBetween(discounted, c, 0.5);
    return [
      { daysAgo: HISTORY_START_DAYS, consumerPriceCents: lower, discountedPriceCents: null },
      { daysAgo: offerDays + rng.pick(RAISE_GAP_DAYS), consumerPriceCents: c, discountedPriceCents: null },
      { ...now, daysAgo: offerDays },
    ];
  }
  const first = priceBetween(discounted, c, 0.6);
  if (first === discounted) {
    return [
      { daysAgo: HISTORY_START_DAYS, consumerPriceCents: c, discountedPriceCents: null },
      { ...now, daysAgo: offerDays },
    ];
  }
  return [
    { daysAgo: HISTORY_START_DAYS, consumerPriceCents: c, discountedPriceCents: null },
    { daysAgo: offerDays + 7, consumerPriceCents: c, discountedPriceCents: first },
    { ...now, daysAgo: offerDays },
  ];
}
