import { describe, expect, it } from "vitest";
import { hasDiscount, lowestPriceBefore, offerOf, type PricePoint } from "./offer";

const DAY = 24 * 60 * 60 * 1000;
const START = new Date("2026-06-30T10:00:00Z");
const daysBefore = (days: number) => new Date(START.getTime() - days * DAY);
const at = (priceCents: number, days: number): PricePoint => ({ priceCents, validFrom: daysBefore(days) });

describe("hasDiscount", () => {
  it("is a discount only when the discounted price is set, not zero and lower", () => {
    expect(hasDiscount(2000, 1500)).toBe(true);
    expect(hasDiscount(2000, null)).toBe(false);
    expect(hasDiscount(2000, 0)).toBe(false);
    expect(hasDiscount(2000, 2000)).toBe(false);
    expect(hasDiscount(2000, 2500)).toBe(false);
    expect(hasDiscount(null, 1500)).toBe(false);
  });
});

describe("offerOf", () => {
  it("strikes the reference price when it is above the price paid", () => {
    expect(offerOf({ consumerPriceCents: 2000, discountedPriceCents: 1500, referencePriceCents: 2000 })).toEqual({
      onOffer: true,
      nowCents: 1500,
      wasCents: 2000,
      percent: 25,
    });
  });

  it("measures the percentage from the reference, not from the consumer price", () => {
    // Raised from 40 to 50 just before a discount to 30: the honest reduction is 25%, not 40%.
    expect(offerOf({ consumerPriceCents: 5000, discountedPriceCents: 3000, referencePriceCents: 4000 })).toEqual({
      onOffer: true,
      nowCents: 3000,
      wasCents: 4000,
      percent: 25,
    });
  });

  it("shows no reduction when the reference is not above the price paid, but still charges the discount", () => {
    expect(offerOf({ consumerPriceCents: 5000, discountedPriceCents: 3000, referencePriceCents: 3000 })).toEqual({
      onOffer: false,
      nowCents: 3000,
    });
    expect(offerOf({ consumerPriceCents: 5000, discountedPriceCents: 3000, referencePriceCents: 2900 })).toEqual({
      onOffer: false,
      nowCents: 3000,
    });
    // No earlier price known (a product that came in on offer).
    expect(offerOf({ consumerPriceCents: 5000, discountedPriceCents: 3000, referencePriceCents: null })).toEqual({
      onOffer: false,
      nowCents: 3000,
    });
  });

  it("charges the consumer price and shows no reduction without a real discount, whatever the reference", () => {
    expect(offerOf({ consumerPriceCents: 2000, discountedPriceCents: null, referencePriceCents: 2500 })).toEqual({
      onOffer: false,
      nowCents: 2000,
    });
    expect(offerOf({ consumerPriceCents: 2000, discountedPriceCents: 2500, referencePriceCents: 3000 })).toEqual({
      onOffer: false,
      nowCents: 2000,
    });
    expect(offerOf({ consumerPriceCents: 2000, discountedPriceCents: 0, referencePriceCents: 3000 })).toEqual({
      onOffer: false,
      nowCents: 2000,
    });
  });

  it("rounds the percentage", () => {
    expect(offerOf({ consumerPriceCents: 2999, discountedPriceCents: 1999, referencePriceCents: 2999 })).toMatchObject({
      percent: 33,
    });
  });
});

describe("lowestPriceBefore (the 30-day rule)", () => {
  it("is the stable price before the offer", () => {
    expect(lowestPriceBefore([at(4995, 90)], START)).toBe(4995);
  });

  it("does not take a price raised just before the discount", () => {
    // 39,95 for months, raised to 49,95 ten days ago, discounted today: the "was" price is 39,95.
    expect(lowestPriceBefore([at(3995, 90), at(4995, 10)], START)).toBe(3995);
  });

  it("takes the price in effect when the 30-day window opened, and every price inside it", () => {
    expect(lowestPriceBefore([at(3000, 60), at(3500, 40), at(4000, 20)], START)).toBe(3500);
    expect(lowestPriceBefore([at(3000, 60), at(2500, 31), at(4000, 29)], START)).toBe(2500);
  });

  it("forgets prices that ended more than 30 days before the offer", () => {
    expect(lowestPriceBefore([at(2000, 60), at(4000, 31)], START)).toBe(4000);
  });

  it("counts a price set exactly 30 days before, and a short earlier offer inside the window", () => {
    expect(lowestPriceBefore([at(2000, 60), at(4000, 30)], START)).toBe(4000);
    expect(lowestPriceBefore([at(4000, 60), at(2999, 20), at(4000, 15)], START)).toBe(2999);
  });

  it("ignores prices from the offer start on, and unknown or zero prices", () => {
    expect(lowestPriceBefore([at(4000, 5), at(1000, 0), at(500, -1), at(0, 3)], START)).toBe(4000);
    expect(lowestPriceBefore([], START)).toBeNull();
    expect(lowestPriceBefore([at(1000, 0)], START)).toBeNull();
  });
});
