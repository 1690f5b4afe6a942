import { describe, expect, it } from "vitest";
import { allocate, priceOrder, vatIncludedCents } from "./pricing";

const rule = { shippingFeeCents: 495, freeShippingThresholdCents: 5000 };

describe("vatIncludedCents", () => {
  it("takes the VAT out of a gross price (spec 2 §9)", () => {
    expect(vatIncludedCents(12100, 21)).toBe(2100);
    expect(vatIncludedCents(10900, 9)).toBe(900);
    expect(vatIncludedCents(1995, 21)).toBe(346);
  });
});

describe("allocate", () => {
  it("splits in proportion and loses no cent", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(495, [3000, 1000])).toEqual([371, 124]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
  });
});

describe("priceOrder", () => {
  it("charges shipping below the threshold and says what is missing", () => {
    const t = priceOrder([{ unitPriceCents: 1995, quantity: 2, vatRate: 21 }], 0, rule);
    expect(t).toMatchObject({
      subtotalCents: 3990,
      shippingCents: 495,
      totalCents: 4485,
      freeShippingRemainingCents: 1010,
    });
    expect(t.vat).toEqual([{ rate: 21, amountCents: vatIncludedCents(4485, 21) }]);
  });

  it("ships free from €50, measured after the discount", () => {
    expect(priceOrder([{ unitPriceCents: 5000, quantity: 1, vatRate: 21 }], 0, rule).shippingCents).toBe(0);
    const discounted = priceOrder([{ unitPriceCents: 5000, quantity: 1, vatRate: 21 }], 500, rule);
    expect(discounted).toMatchObject({ discountCents: 500, shippingCents: 495, totalCents: 4995 });
  });

  it("splits VAT per rate, sharing discount and shipping in proportion", () => {
    const t = priceOrder(
      [
        { unitPriceCents: 3000, quantity: 1, vatRate: 21 },
        { unitPriceCents: 1000, quantity: 1, vatRate: 9 },
      ],
      400,
      rule,
    );
    // Goods 3600 < 5000: shipping 495. Discount 400 → 300 / 100; shipping 495 → 371 / 124.
    expect(t.totalCents).toBe(4095);
    expect(t.vat).toEqual([
      { rate: 21, amountCents: vatIncludedCents(3000 - 300 + 371, 21) },
      { rate: 9, amountCents: vatIncludedCents(1000 - 100 + 124, 9) },
    ]);
  });

  it("never discounts more than the goods, and an empty cart costs nothing", () => {
    expect(priceOrder([{ unitPriceCents: 1000, quantity: 1, vatRate: 21 }], 5000, rule)).toMatchObject({
      discountCents: 1000,
      totalCents: 495,
    });
    expect(priceOrder([], 0, rule)).toMatchObject({ totalCents: 0, shippingCents: 0, vat: [] });
  });
});
