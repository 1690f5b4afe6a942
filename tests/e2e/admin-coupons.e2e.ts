import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { uniqueEmail, signInAsAdmin } from "./support/accounts";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { addInStockProduct, fillCustomerAndShipping } from "./support/shopping";

/**
 * SCREENS_DIR=/work/screens/coupons npm run test:e2e -- admin-coupons: also saves screenshots of
 * Coupon Management and its dialog at 390 and 1280 px (for looking at, not comparing).
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENS_DIR) return;
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
}

async function toast(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

/** Applies a coupon on the checkout page and returns the answer shown for it. */
async function applyCoupon(page: Page, code: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Kortingscode").fill(code);
  await main.getByRole("button", { name: "Toepassen" }).click();
}

describe("admin: Coupon Management", () => {
  const browser = useBrowser();

  it("creates a coupon that a shopper uses at checkout, then deactivates it and the checkout refuses it", async () => {
    const code = `FIETS${Date.now().toString(36).toUpperCase()}`;
    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto("/admin");
    await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Coupons" }).click();
    await admin.waitForURL("**/admin/coupons");
    await expect.poll(() => admin.getByRole("heading", { name: "Coupon Management" }).isVisible()).toBe(true);

    await admin.getByRole("link", { name: "New coupon" }).click();
    const dialog = admin.getByRole("dialog", { name: "New coupon" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Code").fill(code.toLowerCase());
    await dialog.getByLabel("Discount type").selectOption("fixed");
    await dialog.getByLabel("Discount value").fill("5,00");
    await dialog.getByLabel("Usage limit (optional)").fill("10");
    await screenshot(admin, "coupon-dialog-1280", { fullPage: false });
    await dialog.getByRole("button", { name: "Create coupon" }).click();
    await toast(admin, "Coupon created successfully");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: code.toLowerCase() }) });
    await expect.poll(() => row.getByText("€ 5,00").first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("0 / 10").isVisible()).toBe(true);
    await screenshot(admin, "coupons-1280");

    // A guest uses it at checkout and pays.
    const shopper = await browser.newPage(DESKTOP);
    await addInStockProduct(shopper);
    await shopper.goto("/checkout");
    await applyCoupon(shopper, code);
    const main = shopper.getByRole("main");
    await expect
      .poll(() =>
        shopper
          .getByText(/Kortingscode toegepast/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => main.getByText(code, { exact: true }).first().isVisible()).toBe(true);
    await fillCustomerAndShipping(shopper, { email: uniqueEmail("coupon"), firstName: "Noor" });
    await main.getByRole("button", { name: "Bestelling met betalingsverplichting" }).click();
    await shopper.waitForURL(/\/betaalpagina\//);
    await shopper.getByRole("radio", { name: "iDEAL" }).check();
    await shopper.getByLabel("Bank").selectOption("ING");
    await shopper.getByRole("button", { name: "Betalen" }).click();
    await shopper.waitForURL(/\/checkout\/success/);

    // The admin sees the use counted, and can no longer delete it: only deactivate.
    await admin.reload();
    await expect.poll(() => row.getByText("1 / 10").isVisible()).toBe(true);
    expect(await row.getByRole("link", { name: `Delete ${code.toLowerCase()}` }).count()).toBe(0);
    const active = row.getByRole("switch", { name: `Active: ${code.toLowerCase()}` });
    expect(await active.getAttribute("aria-checked")).toBe("true");
    await active.click();
    await toast(admin, "Coupon deactivated successfully");
    await expect.poll(() => active.getAttribute("aria-checked")).toBe("false");

    // The next shopper's checkout refuses it.
    const next = await browser.newPage(DESKTOP);
    await addInStockProduct(next);
    await next.goto("/checkout");
    await applyCoupon(next, code);
    await expect.poll(() => next.getByText("Deze kortingscode is niet meer geldig.").first().isVisible()).toBe(true);
  });

  it("is a readable list with its actions in reach on a phone", async () => {
    const admin = await browser.newPage(PHONE);
    await signInAsAdmin(admin);
    await admin.goto("/admin/coupons");
    await expect.poll(() => admin.getByRole("heading", { name: "Coupon Management" }).isVisible()).toBe(true);
    const firstEdit = admin.getByRole("link", { name: /^Edit / }).first();
    await expect.poll(() => firstEdit.isVisible()).toBe(true);
    const box = (await firstEdit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(admin, "coupons-390");
    await firstEdit.click();
    await expect.poll(() => admin.getByRole("dialog", { name: /^Edit coupon/ }).isVisible()).toBe(true);
    await screenshot(admin, "coupon-dialog-390", { fullPage: false });
  });
});
