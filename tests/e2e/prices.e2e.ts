import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { priceStepsOf } from "../../app/db/seed/price-history";
import { DEMO_PRODUCT_COUNT, generateProducts, type GeneratedProduct } from "../../app/db/seed/product-generator";
import { hasDiscount } from "../../app/features/catalogue/offer";
import { formatEuro } from "../../app/shared/money/money";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";

/**
 * The honest "was" price in the browser, on the seeded demo catalogue: a product whose offer follows
 * a stable price shows its struck price on the card, the product page and in the cart; one whose
 * price was raised to the consumer price just before the "discount" shows no struck price anywhere.
 * SCREENS_DIR=/work/screens/prices npm run test:e2e -- prices: also saves the card and product page at 390 and 1280 px.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: false });
}

// The demo seed is deterministic: pick the products from the same generator and price history.
const demo = [...generateProducts(DEMO_PRODUCT_COUNT)].filter(
  (p) => p.status === 1 && p.brand && p.shortDescription && p.consumerPriceCents > 0 && (p.stockQuantity ?? 0) > 10,
);
const stepsOf = (p: GeneratedProduct) => priceStepsOf(p);
/** On offer after a stable consumer price: the struck price is the consumer price. */
const honest = demo.find((p) => hasDiscount(p.consumerPriceCents, p.discountedPriceCents) && stepsOf(p).length === 2)!;
/** Sold at the offer price, raised to the consumer price, then "discounted" back: nothing to strike. */
const raised = demo.find((p) => {
  const steps = stepsOf(p);
  return (
    hasDiscount(p.consumerPriceCents, p.discountedPriceCents) &&
    steps.length === 3 &&
    steps[0]!.discountedPriceCents === null &&
    steps[0]!.consumerPriceCents === p.discountedPriceCents
  );
})!;

describe("the honest 'was' price", () => {
  const browser = useBrowser();

  it("strikes the price of the 30 days before an offer on the card, the product page and in the cart", async () => {
    const now = formatEuro(honest.discountedPriceCents!);
    const was = formatEuro(honest.consumerPriceCents);
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const page = await browser.newPage(viewport);
      // By name: an ArtNo typed whole goes straight to the product page since issue 30, not to its card.
      await page.goto(`/products?q=${encodeURIComponent(honest.shortDescription!)}`);
      const card = page.getByRole("article").filter({ hasText: honest.shortDescription! });
      await expect.poll(() => card.isVisible()).toBe(true);
      await expect.poll(() => card.getByText(/-\d+% Korting/).isVisible()).toBe(true);
      expect(await card.textContent()).toContain(`${now}Van ${was}`);
      await screenshot(page, `card-offer-${width}`);

      await page.goto(`/product/${honest.artNo}`);
      const main = page.getByRole("main");
      await expect.poll(() => main.getByRole("heading", { level: 1 }).textContent()).toBe(honest.shortDescription);
      await expect.poll(() => main.getByText(/-\d+% Korting/).isVisible()).toBe(true);
      expect(await main.getByText(`Oorspronkelijke prijs ${was}`).isVisible()).toBe(true);
      expect(
        await main.getByText(/Doorgestreepte prijs: de laagste prijs in de 30 dagen vóór de aanbieding/).isVisible(),
      ).toBe(true);
      // On a phone the price sits below the images: bring it into the picture.
      await main.getByText(/Doorgestreepte prijs/).scrollIntoViewIfNeeded();
      await screenshot(page, `product-offer-${width}`);
      await page.close();
    }
  });

  it("shows no struck price or percentage for a price raised just before the discount, but charges the offer", async () => {
    const page = await browser.newPage(DESKTOP);
    const now = formatEuro(raised.discountedPriceCents!);
    const consumer = formatEuro(raised.consumerPriceCents);
    await page.goto(`/products?q=${encodeURIComponent(raised.shortDescription!)}`);
    const card = page.getByRole("article").filter({ hasText: raised.shortDescription! });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain(now);
    expect(await card.textContent()).not.toContain(consumer);
    expect(await card.getByText(/Korting/).count()).toBe(0);
    await screenshot(page, "card-raised-1280");

    await page.goto(`/product/${raised.artNo}`);
    const main = page.getByRole("main");
    await expect.poll(() => main.getByRole("heading", { level: 1 }).textContent()).toBe(raised.shortDescription);
    expect(await main.getByText(now, { exact: true }).first().isVisible()).toBe(true);
    expect(await main.getByText(/% Korting/).count()).toBe(0);
    expect(await main.textContent()).not.toContain(consumer);
    await screenshot(page, "product-raised-1280");

    // In the cart: the offer price, nothing struck.
    await main
      .getByRole("button", { name: /In winkelwagen/ })
      .first()
      .click();
    await expect.poll(() => page.getByText("Product toegevoegd aan winkelwagen").first().isVisible()).toBe(true);
    await page.goto("/cart");
    const cart = page.getByRole("main");
    await expect.poll(() => cart.getByText(raised.shortDescription!).first().isVisible()).toBe(true);
    await expect.poll(() => cart.getByText(now).first().isVisible()).toBe(true);
    expect(await cart.textContent()).not.toContain(consumer);
    await page.close();
  });

  it("shows the struck reference in the cart for an honest offer", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`/product/${honest.artNo}`);
    const main = page.getByRole("main");
    await expect.poll(() => main.getByRole("heading", { level: 1 }).textContent()).toBe(honest.shortDescription);
    await main
      .getByRole("button", { name: /In winkelwagen/ })
      .first()
      .click();
    await expect.poll(() => page.getByText("Product toegevoegd aan winkelwagen").first().isVisible()).toBe(true);
    await page.goto("/cart");
    const cart = page.getByRole("main");
    await expect.poll(() => cart.getByText(honest.shortDescription!).first().isVisible()).toBe(true);
    await expect
      .poll(async () => (await cart.textContent())?.includes(formatEuro(honest.consumerPriceCents)))
      .toBe(true);
    await screenshot(page, "cart-offer-390");
    await page.close();
  });
});
