import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin } from "./support/accounts";

/**
 * SCREENS_DIR=/work/screens/products2 npm run test:e2e -- admin-products: also saves screenshots of the
 * Product Management tab and the Update Product dialog at 390 and 1280 px.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENS_DIR) return;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
}

/** The ArtNo of the first product card of a category page (categories other browser tests leave alone). */
async function firstProductOf(page: Page, categoryId: number): Promise<string> {
  await page.goto(`/products?cat=${categoryId}`);
  const link = page.getByRole("article").first().getByRole("link").first();
  const href = (await link.getAttribute("href"))!;
  return href.match(/\/product\/(\d+)/)![1]!;
}

describe("admin: Product Management", () => {
  const browser = useBrowser();

  async function signedInAdmin(viewport = DESKTOP) {
    const page = await browser.newPage(viewport);
    await signInAsAdmin(page);
    return page;
  }

  it("edits a price and the shop shows it; adds and removes a tag", async () => {
    const shopper = await browser.newPage(PHONE);
    const artNo = await firstProductOf(shopper, 106);

    const admin = await signedInAdmin();
    await admin.goto("/admin/products");
    await expect.poll(() => admin.getByRole("heading", { name: "Product Management" }).isVisible()).toBe(true);
    await screenshot(admin, "products-1280");
    await admin.getByRole("searchbox", { name: /Search products/ }).fill(artNo);
    await admin.getByRole("search").getByRole("button", { name: "Search" }).click();
    await admin.waitForURL(/\?q=/);
    const row = admin.getByRole("row").filter({ hasText: artNo });
    await row.getByRole("link", { name: /^Edit / }).click();
    const dialog = admin.getByRole("dialog", { name: "Update Product" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(admin, "product-dialog-1280", { fullPage: false });

    // Tags first (the dialog stays open for them).
    await dialog.getByLabel("New tag").fill("e2e-zadeltag");
    await dialog.getByRole("button", { name: "Add tag" }).click();
    await expect.poll(() => admin.getByText("Tag toegevoegd").first().isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole("listitem").filter({ hasText: "e2e-zadeltag" }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Remove tag e2e-zadeltag" }).click();
    await expect.poll(() => admin.getByText("Tag verwijderd").first().isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole("listitem").filter({ hasText: "e2e-zadeltag" }).count()).toBe(0);

    await dialog.getByLabel("Consumer price (€)").fill("123,45");
    await dialog.getByLabel("Discounted price (€, optional)").fill("");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => admin.getByText("Product updated successfully").first().isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.getByText("€ 123,45").isVisible()).toBe(true);

    await shopper.goto(`/product/${artNo}`);
    await expect
      .poll(() =>
        shopper
          .getByText(/123,45/)
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it("sets a product inactive and the shop no longer has it", async () => {
    const shopper = await browser.newPage(PHONE);
    const artNo = await firstProductOf(shopper, 107);
    const admin = await signedInAdmin(PHONE);
    await admin.goto(`/admin/product-management?q=${artNo}`);
    const row = admin.getByRole("row").filter({ hasText: artNo });
    await expect.poll(() => row.isVisible()).toBe(true);
    await screenshot(admin, "products-390");
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Set inactive asks first (issue 29).
    await row.getByRole("link", { name: /^Set inactive: / }).click();
    const confirm = admin.getByRole("dialog", { name: "Set product inactive?" });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole("button", { name: "Set inactive" }).click();
    await expect.poll(() => admin.getByText("Product set as inactive").first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Inactive").isVisible()).toBe(true);

    await row.getByRole("link", { name: /^Edit / }).click();
    await expect.poll(() => admin.getByRole("dialog", { name: "Update Product" }).isVisible()).toBe(true);
    await screenshot(admin, "product-dialog-390", { fullPage: false });

    const res = await shopper.goto(`/product/${artNo}`);
    expect(res?.status()).toBe(404);
    await shopper.goto("/products?cat=107");
    expect(await shopper.locator(`a[href="/product/${artNo}"]`).count()).toBe(0);
  });
});
