import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PRODUCT_COUNT, generateProducts } from "../../app/db/seed/product-generator";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin } from "./support/accounts";
import { storedCartItems } from "./support/shopping";

/** SCREENS_DIR=… npm run test:e2e -- product-page: also saves the product page in stock and sold out. */
const SCREENS_DIR = process.env.SCREENS_DIR;
async function screenshot(page: Page, name: string) {
  if (SCREENS_DIR) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

const listed = [...generateProducts(DEMO_PRODUCT_COUNT)].filter(
  (p) => p.status === 1 && p.brand && p.shortDescription && (p.consumerPriceCents ?? 0) > 0,
);
/** Plenty in stock (10 or more): the quantity can go up without reaching the stock. */
const inStock = listed.find((p) => (p.stockQuantity ?? 0) >= 10 && p.images.length > 1)!;
/** Sold out, and not the one the back-in-stock journey restocks (the last). */
const soldOut = listed.filter((p) => p.stockQuantity !== null && p.stockQuantity <= 0)[1]!;

describe("the product page", () => {
  const browser = useBrowser();

  for (const [viewport, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    it(`adds the chosen quantity to the cart in one go (${width} px)`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto(`/product/${inStock.artNo}`);
      const quantity = page.getByLabel("Aantal");
      expect(await quantity.inputValue()).toBe("1");
      expect(await page.getByRole("button", { name: "Eén minder" }).isDisabled()).toBe(true);
      await page.getByRole("button", { name: "Eén meer" }).click();
      await page.getByRole("button", { name: "Eén meer" }).click();
      expect(await quantity.inputValue()).toBe("3");
      await screenshot(page, `product-in-stock-${width}`);
      await page.getByRole("button", { name: "In winkelwagen" }).click();
      await expect.poll(() => page.getByText("Product toegevoegd aan winkelwagen").first().isVisible()).toBe(true);
      expect(await storedCartItems(page)).toEqual([expect.objectContaining({ ArtNo: inStock.artNo, quantity: 3 })]);
      // Typing works too, and adds to the line.
      await quantity.fill("2");
      await page.getByRole("button", { name: "In winkelwagen" }).click();
      await expect.poll(async () => ((await storedCartItems(page))[0] as { quantity: number }).quantity).toBe(5);
    });

    it(`shows a sold-out product as sold out before any click (${width} px)`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto(`/product/${soldOut.artNo}`);
      await expect
        .poll(() =>
          page
            .getByText(/Niet op voorraad|Status onbekend/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      expect(await page.getByRole("button", { name: "In winkelwagen" }).count()).toBe(0);
      expect(await page.getByText("Voor 18:00 besteld, binnen 1 werkdag bezorgd").count()).toBe(
        // The footer keeps the shop's general promise; the product itself makes none.
        await page.getByRole("contentinfo").getByText("Voor 18:00 besteld, binnen 1 werkdag bezorgd").count(),
      );
      expect(await page.getByRole("region", { name: "Mail me als het weer leverbaar is" }).isVisible()).toBe(true);
      await screenshot(page, `product-sold-out-${width}`);
    });
  }

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    it(`an admin adds and removes a tag on the product page; a guest then sees it (${width} px)`, async () => {
      const product = listed[width === 1280 ? 60 : 61]!;
      const tag = `e2e-tag-${width}-${Date.now() % 100000}`;
      const admin = await browser.newPage(viewport);
      await signInAsAdmin(admin);
      await admin.goto(`/product/${product.artNo}`);
      const field = admin.getByLabel("Nieuwe tag");
      await expect.poll(() => field.isVisible()).toBe(true);
      await field.fill(tag);
      await admin.getByRole("button", { name: "Tag toevoegen" }).click();
      await expect.poll(() => admin.getByText("Tag toegevoegd").first().isVisible()).toBe(true);
      const tags = admin.getByRole("list", { name: "Tags" });
      await expect.poll(() => tags.getByRole("listitem").filter({ hasText: tag }).isVisible()).toBe(true);
      // The field is empty again for the next tag. (A refused tag, 'Fout' with the server's reason, answers
      // 400, which the browser logs as a console error: tests/integration/product-page-tags.test.ts has it.)
      await expect.poll(() => field.inputValue()).toBe("");
      await screenshot(admin, `product-admin-tags-${width}`);

      // A guest (no cookie: the page cache's page) sees the tag, and no controls.
      const guest = await browser.newPage(viewport);
      await guest.goto(`/product/${product.artNo}`);
      const guestTags = guest.getByRole("list", { name: "Tags" });
      await expect.poll(() => guestTags.getByText(tag, { exact: true }).isVisible()).toBe(true);
      expect(await guest.getByRole("button", { name: "Tag toevoegen" }).count()).toBe(0);
      expect(await guest.getByRole("button", { name: `Tag ${tag} verwijderen` }).count()).toBe(0);

      await admin.getByRole("button", { name: `Tag ${tag} verwijderen` }).click();
      await expect.poll(() => admin.getByText("Tag verwijderd").first().isVisible()).toBe(true);
      await expect.poll(() => tags.getByRole("listitem").filter({ hasText: tag }).count()).toBe(0);
      await guest.reload();
      await expect.poll(() => guest.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      expect(await guest.getByText(tag, { exact: true }).count()).toBe(0);
    });
  }

  it("names every category above the product in its breadcrumb", async () => {
    const tyre = listed.find((p) => p.categoryId === 133)!; // Racebanden, under Banden, under Fietsonderdelen
    const page = await browser.newPage(PHONE);
    await page.goto(`/product/${tyre.artNo}`);
    const crumbs = page.getByRole("navigation", { name: "Kruimelpad" }).getByRole("listitem");
    await expect
      .poll(async () => (await crumbs.allTextContents()).map((t) => t.replace("/", "").trim()))
      .toEqual(["Home", "Fietsonderdelen", "Banden", "Racebanden", tyre.shortDescription]);
  });

  it("a sold-out card leads to the back-in-stock form instead of adding to the cart", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`/products?cat=${soldOut.categoryId}&sort=name-asc`);
    const link = page.getByRole("link", { name: `Mail me als het weer leverbaar is: ${soldOut.shortDescription}` });
    // The category may hold more than a page: look through the pages until the product is there.
    for (let n = 0; n < 10 && (await link.count()) === 0; n++) {
      await page
        .getByRole("link", { name: /Volgende/ })
        .first()
        .click();
      await page.waitForLoadState("load");
    }
    await link.click();
    await page.waitForURL(new RegExp(`/product/${soldOut.artNo}#voorraadmelding`));
    await expect
      .poll(() => page.getByRole("region", { name: "Mail me als het weer leverbaar is" }).isVisible())
      .toBe(true);
  });
});
