import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { generateProducts, DEMO_PRODUCT_COUNT } from "../../app/db/seed/product-generator";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin, uniqueEmail, waitForMail } from "./support/accounts";
import { linkIn } from "../support/mailbox";

/** SCREENS_DIR=… npm run test:e2e -- stock-alert: also saves the sold-out product page at 390 and 1280 px. */
const SCREENS_DIR = process.env.SCREENS_DIR;
async function screenshot(page: Page, name: string) {
  if (SCREENS_DIR) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** Listed demo products that are sold out (stock 0 or less), in catalogue order. */
const soldOut = [...generateProducts(DEMO_PRODUCT_COUNT)].filter(
  (p) =>
    p.status === 1 &&
    p.brand &&
    p.shortDescription &&
    (p.consumerPriceCents ?? 0) > 0 &&
    p.stockQuantity !== null &&
    p.stockQuantity <= 0,
);

describe("Mail me als het weer leverbaar is", () => {
  const browser = useBrowser();

  it("a shopper asks on a sold-out product, confirms by mail, and gets one mail when an admin restocks it", async () => {
    // A product no other browser test restocks: the last sold-out one of the demo.
    const product = soldOut.at(-1)!;
    const email = uniqueEmail("voorraad");

    const shopper = await browser.newPage(PHONE);
    await shopper.goto(`/product/${product.artNo}`);
    const form = shopper.getByRole("region", { name: "Mail me als het weer leverbaar is" });
    await form.getByLabel("Je e-mailadres").fill(email);
    await screenshot(shopper, "stock-alert-390");
    await form.getByRole("button", { name: "Mail me" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("Bevestig je melding");

    const confirmation = await waitForMail(email, /Bevestig je voorraadmelding/);
    const link = linkIn(confirmation, `${inject("baseUrl")}/voorraadmelding/`)!;
    expect(link).toBeTruthy();
    await shopper.goto(link);
    await shopper.getByRole("button", { name: "Melding bevestigen" }).click();
    await expect.poll(() => shopper.getByText("Je melding is bevestigd").isVisible()).toBe(true);

    // The admin puts it back in stock through Product Management.
    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto(`/admin/products?q=${product.artNo}`);
    await admin
      .getByRole("row")
      .filter({ hasText: String(product.artNo) })
      .getByRole("link", { name: /^Edit / })
      .click();
    const dialog = admin.getByRole("dialog", { name: "Update Product" });
    await dialog.getByLabel("Stock quantity").fill("15");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => admin.getByText("Product updated successfully").first().isVisible()).toBe(true);

    const mail = await waitForMail(email, /is weer leverbaar/);
    expect(mail.text).toContain(`${inject("baseUrl")}/product/${product.artNo}`);
    expect(linkIn(mail, `${inject("baseUrl")}/voorraadmelding/`)).toContain("afmelden=1");

    // The product page now sells it, without the form.
    await shopper.goto(`/product/${product.artNo}`);
    await expect.poll(() => shopper.getByText("Op voorraad").first().isVisible()).toBe(true);
    expect(await shopper.getByRole("region", { name: "Mail me als het weer leverbaar is" }).count()).toBe(0);
  });

  it("shows the form on a sold-out product at desktop width and refuses a wrong address next to the field", async () => {
    const product = soldOut[0]!;
    const page = await browser.newPage(DESKTOP, { expectedStatuses: [400] });
    await page.goto(`/product/${product.artNo}`);
    const form = page.getByRole("region", { name: "Mail me als het weer leverbaar is" });
    await screenshot(page, "stock-alert-1280");
    // The browser's own check is skipped on purpose: the server's answer must show next to the field.
    await page.evaluate(() => document.querySelectorAll("form").forEach((f) => (f.noValidate = true)));
    await form.getByLabel("Je e-mailadres").fill("geen-adres");
    await form.getByRole("button", { name: "Mail me" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Voer een geldig e-mailadres in");
    expect(await form.getByLabel("Je e-mailadres").getAttribute("aria-invalid")).toBe("true");
  });
});
