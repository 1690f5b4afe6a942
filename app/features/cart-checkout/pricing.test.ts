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
    // 4485 − 4485 / 1.21 = 4485 − 3706.61 = 778.39 → 778
    expect(t.vat).toEqual([{ rate: 21, amountCents: 778 }]);
  });

  it("ships free from €50, measured after the discount", () => {
    expect(priceOrder([{ unitPriceCents: 5000, quantity: 1, vatRate: 21 }], 0, rule).shippingCents).toBe(0);
    const discounted = priceOrder([{ unitPriceCents: 5000, quantity: 1, vatRate: 21 }], 500, rule);
    // Goods 5000 − 500 = 4500 < 5000: shipping charged, 500 short. VAT: 4995 − 4995 / 1.21 = 866.90 → 867.
    expect(discounted).toEqual({
      subtotalCents: 5000,
      discountCents: 500,
      shippingCents: 495,
      totalCents: 4995,
      vat: [{ rate: 21, amountCents: 867 }],
      freeShippingRemainingCents: 500,
    });
  });

  it("says what is missing for free shipping from the goods after a coupon, not from the subtotal", () => {
    // €45,00 with 10 % off: goods 4500 − 450 = 4050, so 5000 − 4050 = 950 to go (not 5000 − 4500 = 500).
    // Total 4050 + 495 = 4545; VAT 4545 − 4545 / 1.21 = 4545 − 3756.20 = 788.80 → 789.
    expect(priceOrder([{ unitPriceCents: 4500, quantity: 1, vatRate: 21 }], 450, rule)).toEqual({
      subtotalCents: 4500,
      discountCents: 450,
      shippingCents: 495,
      totalCents: 4545,
      vat: [{ rate: 21, amountCents: 789 }],
      freeShippingRemainingCents: 950,
    });
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
    // 21 %: 3000 − 300 + 371 = 3071; 3071 − 3071 / 1.21 = 3071 − 2538.02 = 532.98 → 533.
    // 9 %: 1000 − 100 + 124 = 1024; 1024 − 1024 / 1.09 = 1024 − 939.45 = 84.55 → 85.
    expect(t.vat).toEqual([
      { rate: 21, amountCents: 533 },
      { rate: 9, amountCents: 85 },
    ]);
  });

  it("never discounts more than the goods, and an empty cart costs nothing", () => {
    // Only the shipping fee is left to pay: 495 − 495 / 1.21 = 495 − 409.09 = 85.91 → 86.
    expect(priceOrder([{ unitPriceCents: 1000, quantity: 1, vatRate: 21 }], 5000, rule)).toEqual({
      subtotalCents: 1000,
      discountCents: 1000,
      shippingCents: 495,
      totalCents: 495,
      vat: [{ rate: 21, amountCents: 86 }],
      freeShippingRemainingCents: 5000,
    });
    expect(priceOrder([], 0, rule)).toMatchObject({ totalCents: 0, shippingCents: 0, vat: [] });
  });
});
