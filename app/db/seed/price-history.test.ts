import { describe, expect, it } from "vitest";
import { hasDiscount, lowestPriceBefore } from "~/features/catalogue";
import { HISTORY_START_DAYS, priceStepsOf } from "./price-history";
import { DEMO_PRODUCT_COUNT, generateProducts } from "./product-generator";

const demo = [...generateProducts(DEMO_PRODUCT_COUNT)];
const DAY = 24 * 60 * 60 * 1000;
const selling = (c: number, d: number | null) => (hasDiscount(c, d) ? d! : c);

describe("seeded price history", () => {
  it("starts every product HISTORY_START_DAYS ago, moves forward in time and ends at the generated prices", () => {
    for (const p of demo) {
      const steps = priceStepsOf(p);
      expect(steps[0]!.daysAgo).toBe(HISTORY_START_DAYS);
      for (let i = 1; i < steps.length; i++) expect(steps[i]!.daysAgo).toBeLessThan(steps[i - 1]!.daysAgo);
      expect(steps.at(-1)).toMatchObject({
        consumerPriceCents: p.consumerPriceCents,
        discountedPriceCents: p.discountedPriceCents,
      });
      expect(priceStepsOf(p)).toEqual(steps);
    }
  });

  it("gives honest, lower and absent 'was' prices among the offers", () => {
    const kinds = { consumer: 0, lower: 0, none: 0 };
    for (const p of demo.filter((x) => hasDiscount(x.consumerPriceCents, x.discountedPriceCents))) {
      const steps = priceStepsOf(p);
      // The offer started at the first step on offer (a progressive offer keeps its first start).
      const start = steps.findIndex((s) => hasDiscount(s.consumerPriceCents, s.discountedPriceCents));
      const at = (days: number) => new Date(Date.UTC(2026, 5, 1) - days * DAY);
      const history = steps
        .slice(0, start)
        .map((s) => ({ priceCents: selling(s.consumerPriceCents, s.discountedPriceCents), validFrom: at(s.daysAgo) }));
      const was = lowestPriceBefore(history, at(steps[start]!.daysAgo))!;
      if (was === p.consumerPriceCents) kinds.consumer++;
      else if (was > p.discountedPriceCents!) kinds.lower++;
      else kinds.none++;
    }
    expect(kinds.consumer).toBeGreaterThan(kinds.lower + kinds.none);
    expect(kinds.lower).toBeGreaterThan(0);
    expect(kinds.none).toBeGreaterThan(0);
  });
});
