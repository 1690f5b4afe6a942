import { describe, expect, it } from "vitest";
import {
  COUPON_REASONS,
  couponDiscountCents,
  judgeCoupon,
  normaliseCouponCode,
  type CouponTerms,
} from "./coupon-rules";

const percent10: CouponTerms = {
  discountPercentage: 10,
  discountAmountCents: null,
  minOrderValueCents: 0,
  maxDiscountAmountCents: null,
  usageLimit: null,
  usageCount: 0,
  isActive: true,
  expired: false,
};
const fixed5 = { ...percent10, discountPercentage: null, discountAmountCents: 500 };

describe("normaliseCouponCode", () => {
  it("trims and upper-cases", () => {
    expect(normaliseCouponCode("  zomer10 \n")).toBe("ZOMER10");
    expect(normaliseCouponCode(null)).toBe("");
    expect(normaliseCouponCode("   ")).toBe("");
  });
});

describe("couponDiscountCents", () => {
  it("takes a percentage rounded to the cent", () => {
    expect(couponDiscountCents(percent10, 4995)).toBe(500); // 499.5 → 500
    expect(couponDiscountCents(percent10, 1234)).toBe(123);
  });
  it("caps a percentage at the maximum discount", () => {
    expect(couponDiscountCents({ ...percent10, maxDiscountAmountCents: 1500 }, 100_000)).toBe(1500);
    expect(couponDiscountCents({ ...percent10, maxDiscountAmountCents: 1500 }, 10_000)).toBe(1000);
  });
  it("gives a fixed amount, never more than the total", () => {
    expect(couponDiscountCents(fixed5, 2500)).toBe(500);
    expect(couponDiscountCents(fixed5, 300)).toBe(300);
    expect(couponDiscountCents({ ...percent10, discountPercentage: 100 }, 4200)).toBe(4200);
  });
  it("is 0 for an empty order", () => {
    expect(couponDiscountCents(fixed5, 0)).toBe(0);
  });
});

describe("judgeCoupon", () => {
  it("refuses in the order the shopper can act on", () => {
    expect(judgeCoupon(null, 5000)).toEqual({ valid: false, discountCents: 0, message: COUPON_REASONS.unknown });
    expect(judgeCoupon({ ...percent10, isActive: false, expired: true }, 5000).message).toBe(COUPON_REASONS.inactive);
    expect(judgeCoupon({ ...percent10, expired: true }, 5000).message).toBe(COUPON_REASONS.expired);
    expect(judgeCoupon({ ...percent10, usageLimit: 3, usageCount: 3 }, 5000).message).toBe(COUPON_REASONS.usedUp);
  });
  it("counts reserved uses against the limit", () => {
    const limited = { ...percent10, usageLimit: 2, usageCount: 1 };
    expect(judgeCoupon(limited, 5000).valid).toBe(true);
    expect(judgeCoupon(limited, 5000, 1)).toMatchObject({ valid: false, message: COUPON_REASONS.usedUp });
  });
  it("names the minimum order value", () => {
    expect(judgeCoupon({ ...fixed5, minOrderValueCents: 2500 }, 2499)).toEqual({
      valid: false,
      discountCents: 0,
      message: "Deze kortingscode geldt vanaf een bestelbedrag van €\u00a025,00.",
    });
    expect(judgeCoupon({ ...fixed5, minOrderValueCents: 2500 }, 2500)).toEqual({
      valid: true,
      discountCents: 500,
      message: "Kortingscode toegepast: €\u00a05,00 korting.",
    });
  });
});
