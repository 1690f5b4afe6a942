import { describe, expect, it } from "vitest";
import { hasDiscount } from "~/features/catalogue";
import { parsePriceText } from "~/shared/money/money";
import { CATEGORY_SEEDS, LEAF_CATEGORY_IDS } from "./categories";
import { DEMO_PRODUCT_COUNT, formatSupplierPrice, generateProduct, generateProducts } from "./product-generator";

describe("supplier price text", () => {
  it("formats like a Dutch supplier feed and parses back to the same cents", () => {
    expect(formatSupplierPrice(12.95)).toBe("12,95");
    expect(formatSupplierPrice(1249)).toBe("1.249,00");
    expect(formatSupplierPrice(0.5)).toBe("0,50");
    for (const euros of [1.95, 12.95, 99.99, 1249, 12345.6]) {
      expect(parsePriceText(formatSupplierPrice(euros))).toBe(Math.round(euros * 100));
    }
  });
});

describe("product generator", () => {
  const demo = [...generateProducts(DEMO_PRODUCT_COUNT)];

  it("is deterministic and independent of the catalogue size", () => {
    expect(generateProduct(123)).toEqual(generateProduct(123));
    expect([...generateProducts(DEMO_PRODUCT_COUNT)]).toEqual(demo);
    expect([...generateProducts(2_000)].slice(0, DEMO_PRODUCT_COUNT)).toEqual(demo);
    expect(demo[0]).toEqual(generateProduct(0));
    expect(generateProduct(5, 1)).not.toEqual(generateProduct(5, 2));
  });

  it("gives every product its own name, also in a catalogue larger than the names", () => {
    const names = (products: Iterable<{ brand: string | null; shortDescription: string | null }>) =>
      [...products].filter((p) => p.shortDescription).map((p) => `${p.brand}|${p.shortDescription}`.toLowerCase());
    const demoNames = names(demo);
    expect(new Set(demoNames).size).toBe(demoNames.length);
    // The demo's names are plain product names, never series numbers.
    expect(demoNames.filter((n) => n.includes("(serie ")).length).toBe(0);
    const large = names(generateProducts(20_000));
    expect(new Set(large).size).toBe(large.length);
  });

  it("has prices of a thousand euros and more, written with a thousands separator", () => {
    const fancy = [...generateProducts(20_000)].filter((p) => (p.consumerPriceCents ?? 0) >= 100_000);
    expect(fancy.length).toBeGreaterThan(0);
    for (const p of fancy) expect(p.consumerPriceText).toMatch(/^\d{1,3}(\.\d{3})+,\d{2}$/);
  });

  it("numbers products from 10001 and puts them only in leaf categories", () => {
    expect(demo[0]!.artNo).toBe(10001);
    expect(demo.at(-1)!.artNo).toBe(10000 + DEMO_PRODUCT_COUNT);
    for (const p of demo) expect(LEAF_CATEGORY_IDS).toContain(p.categoryId);
    expect(new Set(demo.map((p) => p.categoryId)).size).toBe(LEAF_CATEGORY_IDS.length);
  });

  it("keeps the parsed cents equal to the supplier text", () => {
    for (const p of demo) {
      expect(p.consumerPriceCents).toBe(parsePriceText(p.consumerPriceText));
      if (p.discountedPriceText != null) expect(p.discountedPriceCents).toBe(parsePriceText(p.discountedPriceText));
    }
  });

  it("puts roughly 15% on offer", () => {
    const offers = demo.filter((p) => hasDiscount(p.consumerPriceCents, p.discountedPriceCents)).length;
    expect(offers / demo.length).toBeGreaterThan(0.1);
    expect(offers / demo.length).toBeLessThan(0.2);
  });

  it("uses 9% VAT for sports nutrition only", () => {
    const nutritionLeaves = CATEGORY_SEEDS.filter((c) => c.parentId === 164).map((c) => c.id);
    for (const p of demo) expect(p.vatRate).toBe(nutritionLeaves.includes(p.categoryId) ? 9 : 21);
  });

  it("never uses external image URLs", () => {
    for (const p of demo) for (const url of p.images) expect(url.startsWith("/media/product/")).toBe(true);
  });
});
