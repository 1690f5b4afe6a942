import { describe, expect, it } from "vitest";
import { paidPerLine, planRefund, shippingPerRate, type AllocationOrder } from "./refund-allocation";

// Every expected figure below is worked out by hand in the comment beside it.

/** Issue 28's order ce54525c: PrepStand € 410,95 and € 27,90 of goods, ZOMER10 took € 15, free shipping. */
const couponOrder: AllocationOrder = {
  items: [
    { id: 11, quantity: 1, unitCents: 41095, vatRate: 21 },
    { id: 12, quantity: 1, unitCents: 2790, vatRate: 21 },
  ],
  discountCents: 1500,
  shippingCents: 0,
};

/** Two rates and shipping: 2 × € 20 at 21 %, 1 × € 10 at 9 %, € 5 off, € 4,95 shipping; paid € 49,95. */
const twoRates: AllocationOrder = {
  items: [
    { id: 1, quantity: 2, unitCents: 2000, vatRate: 21 },
    { id: 2, quantity: 1, unitCents: 1000, vatRate: 9 },
  ],
  discountCents: 500,
  shippingCents: 495,
};

describe("the discount spread over the lines", () => {
  it("gives each line its share by largest remainder (the issue's order)", () => {
    // 1500 × 41095 / 43885 = 1404.63 and 1500 × 2790 / 43885 = 95.37: floors 1404 + 95 = 1499, the
    // left cent goes to the larger remainder (.63): 1405 and 95. Paid: 41095 − 1405 = 39690, 2790 − 95 = 2695.
    expect(paidPerLine(couponOrder)).toEqual(
      new Map([
        [11, 39690],
        [12, 2695],
      ]),
    );
  });

  it("shares discount and shipping over the rates as the invoice did", () => {
    // Goods per rate 4000 (21 %) and 1000 (9 %): discount 500 → 400 + 100, shipping 495 → 396 + 99.
    expect(paidPerLine(twoRates)).toEqual(
      new Map([
        [1, 3600],
        [2, 900],
      ]),
    );
    expect(shippingPerRate(twoRates)).toEqual(
      new Map([
        [21, 396],
        [9, 99],
      ]),
    );
  });
});

describe("planning a refund", () => {
  it("pays back what was paid for the withdrawn PrepStand: € 396,90, not € 410,95", () => {
    const result = planRefund(couponOrder, [], { lines: [{ orderItemId: 11, quantity: 1 }], shipping: false });
    // VAT in 39690 at 21 %: 39690 − 39690 / 1.21 = 39690 − 32801.65 = 6888.35 → 6888.
    expect(result).toEqual({
      ok: true,
      plan: {
        lines: [{ orderItemId: 11, quantity: 1, amountCents: 39690 }],
        shippingCents: 0,
        amountCents: 39690,
        vatLines: [{ rate: 21, amountCents: 6888 }],
      },
    });
  });

  it("makes the rest of the order exactly what is left of the payment, VAT to the invoice's cent", () => {
    const rest = planRefund(couponOrder, [{ lines: [{ orderItemId: 11, quantity: 1 }], shipping: false }], {
      lines: [{ orderItemId: 12, quantity: 1 }],
      shipping: false,
    });
    // Paid 42385 in all, 39690 refunded: 2695 left. The invoice's VAT: 42385 − 42385 / 1.21 =
    // 42385 − 35028.93 = 7356.07 → 7356; the first credit note had 6888, so this one 7356 − 6888 = 468.
    expect(rest).toEqual({
      ok: true,
      plan: {
        lines: [{ orderItemId: 12, quantity: 1, amountCents: 2695 }],
        shippingCents: 0,
        amountCents: 2695,
        vatLines: [{ rate: 21, amountCents: 468 }],
      },
    });
  });

  it("refunds two rates and the shipping, in two parts that add up to the payment", () => {
    const first = planRefund(twoRates, [], { lines: [{ orderItemId: 1, quantity: 1 }], shipping: false });
    // One of two pieces of a line that cost 3600: 1800. VAT: 1800 − 1800 / 1.21 = 1800 − 1487.60 = 312.40 → 312.
    expect(first).toEqual({
      ok: true,
      plan: {
        lines: [{ orderItemId: 1, quantity: 1, amountCents: 1800 }],
        shippingCents: 0,
        amountCents: 1800,
        vatLines: [{ rate: 21, amountCents: 312 }],
      },
    });
    const second = planRefund(twoRates, [{ lines: [{ orderItemId: 1, quantity: 1 }], shipping: false }], {
      lines: [
        { orderItemId: 1, quantity: 1 },
        { orderItemId: 2, quantity: 1 },
      ],
      shipping: true,
    });
    // 1800 + 900 + 495 = 3195; with the first part 4995, the amount paid (4000 + 1000 − 500 + 495).
    // Invoice VAT at 21 %: 3600 + 396 = 3996 → 3996 − 3302.48 = 693.52 → 694; minus 312 credited = 382.
    // At 9 %: 900 + 99 = 999 → 999 − 916.51 = 82.49 → 82.
    expect(second).toEqual({
      ok: true,
      plan: {
        lines: [
          { orderItemId: 1, quantity: 1, amountCents: 1800 },
          { orderItemId: 2, quantity: 1, amountCents: 900 },
        ],
        shippingCents: 495,
        amountCents: 3195,
        vatLines: [
          { rate: 21, amountCents: 382 },
          { rate: 9, amountCents: 82 },
        ],
      },
    });
  });

  it("gives the rounding cent of a line to its pieces so that piece by piece equals all at once", () => {
    // 3 × 333 = 999, 100 off: the line cost 899. Running totals round(899 × k / 3): 300, 599, 899, so
    // the pieces one by one pay 300, 299 and 300.
    const order: AllocationOrder = {
      items: [{ id: 5, quantity: 3, unitCents: 333, vatRate: 21 }],
      discountCents: 100,
      shippingCents: 0,
    };
    const amounts: number[] = [];
    const earlier: { lines: { orderItemId: number; quantity: number }[]; shipping: boolean }[] = [];
    for (let piece = 0; piece < 3; piece++) {
      const result = planRefund(order, earlier, { lines: [{ orderItemId: 5, quantity: 1 }], shipping: false });
      if (!result.ok) throw new Error(result.error);
      amounts.push(result.plan.amountCents);
      earlier.push({ lines: [{ orderItemId: 5, quantity: 1 }], shipping: false });
    }
    expect(amounts).toEqual([300, 299, 300]);
    expect(planRefund(order, [], { lines: [{ orderItemId: 5, quantity: 3 }], shipping: false })).toMatchObject({
      ok: true,
      plan: { amountCents: 899 },
    });
  });

  it("refuses more pieces than are left, the shipping twice, and an empty refund", () => {
    const done = [{ lines: [{ orderItemId: 1, quantity: 2 }], shipping: true }];
    expect(planRefund(twoRates, done, { lines: [{ orderItemId: 1, quantity: 1 }], shipping: false })).toEqual({
      ok: false,
      error: "too-many-pieces",
    });
    // The same line twice in one request counts as both.
    expect(
      planRefund(twoRates, [], {
        lines: [
          { orderItemId: 1, quantity: 2 },
          { orderItemId: 1, quantity: 1 },
        ],
        shipping: false,
      }),
    ).toEqual({ ok: false, error: "too-many-pieces" });
    expect(planRefund(twoRates, [], { lines: [{ orderItemId: 99, quantity: 1 }], shipping: false })).toEqual({
      ok: false,
      error: "too-many-pieces",
    });
    expect(planRefund(twoRates, done, { lines: [], shipping: true })).toEqual({
      ok: false,
      error: "shipping-refunded",
    });
    expect(planRefund(twoRates, [], { lines: [{ orderItemId: 2, quantity: 0 }], shipping: false })).toEqual({
      ok: false,
      error: "nothing-to-refund",
    });
  });
});
