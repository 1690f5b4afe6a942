import { describe, expect, it } from "vitest";
import { applyPriceChange, changedPrice, parsePriceChange, priceChangeText } from "./price-change";
import { parseProductListFilters, productFilterQuery, productTotalText } from "./products-query";

describe("bulk price change", () => {
  it.each([
    // € 19,95 × 1,10 = 21,945 → half a cent rounds up: 21,95
    [1995, 1000, 2195],
    // € 9,99 × 0,85 = 8,4915 → 8,49
    [999, -1500, 849],
    // € 10,00 × 1,125 = 11,25 exactly
    [1000, 1250, 1125],
    // € 0,05 × 0,90 = 0,045 → 0,05 (half up)
    [5, -1000, 5],
    // € 12,34 × 1,0001 = 12,341234 → 12,34
    [1234, 1, 1234],
  ])("%i cents %+i bp → %i cents", (cents, basisPoints, expected) => {
    expect(changedPrice(cents, { mode: "percent", basisPoints })).toBe(expected);
  });

  it("adds or takes off an amount exactly", () => {
    expect(changedPrice(1995, { mode: "amount", cents: 250 })).toBe(2245);
    expect(changedPrice(1995, { mode: "amount", cents: -1995 })).toBe(0);
  });

  it("keeps an offer below the new price, ends one that is not, never goes to 0 or below", () => {
    // On offer 15,00 under 20,00; -10 % → 18,00, the offer stays.
    expect(
      applyPriceChange(
        { consumerPriceCents: 2000, discountedPriceCents: 1500 },
        { mode: "percent", basisPoints: -1000 },
      ),
    ).toEqual({
      changed: true,
      after: { consumerPriceCents: 1800, discountedPriceCents: 1500 },
    });
    // -€ 5,00 → 15,00: the offer of 15,00 is no discount any more, so it ends.
    expect(
      applyPriceChange({ consumerPriceCents: 2000, discountedPriceCents: 1500 }, { mode: "amount", cents: -500 }),
    ).toEqual({
      changed: true,
      after: { consumerPriceCents: 1500, discountedPriceCents: null },
    });
    // A "discounted" 25,00 above 20,00 was no offer; +50 % would make it one: cleared.
    expect(
      applyPriceChange(
        { consumerPriceCents: 2000, discountedPriceCents: 2500 },
        { mode: "percent", basisPoints: 5000 },
      ),
    ).toEqual({
      changed: true,
      after: { consumerPriceCents: 3000, discountedPriceCents: null },
    });
    expect(
      applyPriceChange({ consumerPriceCents: 300, discountedPriceCents: null }, { mode: "amount", cents: -300 }),
    ).toEqual({
      changed: false,
      reason: "not-above-zero",
    });
    expect(
      applyPriceChange({ consumerPriceCents: null, discountedPriceCents: null }, { mode: "amount", cents: 100 }),
    ).toEqual({
      changed: false,
      reason: "no-price",
    });
  });

  it("reads what the owner types and refuses the rest", () => {
    expect(parsePriceChange("percent", "10")).toEqual({ ok: true, change: { mode: "percent", basisPoints: 1000 } });
    expect(parsePriceChange("percent", "-12,5")).toEqual({ ok: true, change: { mode: "percent", basisPoints: -1250 } });
    expect(parsePriceChange("amount", "€ 2,50")).toEqual({ ok: true, change: { mode: "amount", cents: 250 } });
    expect(parsePriceChange("amount", "-1.05")).toEqual({ ok: true, change: { mode: "amount", cents: -105 } });
    expect(parsePriceChange("percent", "0").ok).toBe(false);
    expect(parsePriceChange("percent", "-95").ok).toBe(false);
    expect(parsePriceChange("percent", "1,234").ok).toBe(false);
    expect(parsePriceChange("amount", "abc").ok).toBe(false);
    expect(parsePriceChange("other", "10").ok).toBe(false);
    expect(parsePriceChange("amount", "10001").ok).toBe(false);
  });

  it("names the change", () => {
    expect(priceChangeText({ mode: "percent", basisPoints: 1000 })).toBe("+10 %");
    expect(priceChangeText({ mode: "percent", basisPoints: -1250 })).toBe("-12,5 %");
    expect(priceChangeText({ mode: "amount", cents: 250 })).toBe("+€ 2,50");
    expect(priceChangeText({ mode: "amount", cents: -105 })).toBe("-€ 1,05");
  });
});

describe("list filters in the URL", () => {
  it("reads the parameters other tabs link to and drops unknown values", () => {
    const filters = parseProductListFilters(
      new URLSearchParams("q= ketting &cat=106&status=inactive&offer=1&stock=low"),
    );
    expect(filters).toEqual({ search: "ketting", categoryId: 106, status: "inactive", offer: true, stock: "low" });
    expect(productFilterQuery(filters)).toBe("q=ketting&cat=106&status=inactive&offer=1&stock=low");
    expect(parseProductListFilters(new URLSearchParams("cat=x&status=all&offer=yes&stock=none"))).toEqual({
      search: "",
      categoryId: null,
      status: null,
      offer: false,
      stock: null,
    });
  });

  it("says the total, with 'about' for an estimate", () => {
    expect(productTotalText({ count: 1, exact: true })).toBe("1 product");
    expect(productTotalText({ count: 1234, exact: true })).toBe("1\u00a0234 products");
    expect(productTotalText({ count: 1_200_000, exact: false })).toBe("about 1\u00a0200\u00a0000 products");
  });
});
