import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { uniqueEmail, signInAsAdmin } from "./support/accounts";

/**
 * SCREENS_DIR=/work/screens npm run test:e2e -- admin-orders: also saves screenshots of All Orders,
 * Bestelling Details and API Connection at 390 and 1280 px (for looking at, not for comparing).
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

/** The whole page, or only the viewport when a dialog is open (it is fixed to the viewport). */
async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENS_DIR) return;
  // From the top, so the sticky header sits where it belongs in a full-page picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
}

/** A guest buys the first in-stock product of Fietsonderdelen and pays with iDEAL on the local payment page. */
async function payAnOrder(page: Page, email: string): Promise<string> {
  await page.goto("/products?cat=100");
  const card = page.getByRole("article").filter({ hasText: "Op voorraad" }).first();
  await card.getByRole("button", { name: /^In winkelwagen: / }).click();
  await expect.poll(() => page.getByText("Product toegevoegd aan winkelwagen").first().isVisible()).toBe(true);
  await page.goto("/checkout");
  const form = page.getByRole("main");
  await form.getByLabel("Voornaam").fill("Femke");
  await form.getByLabel("Achternaam").fill("Dijkstra");
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByRole("button", { name: "Volgende" }).click();
  await expect.poll(() => form.getByLabel("Postcode").isVisible()).toBe(true);
  await form.getByLabel("Adres").fill("Spaakweg");
  await form.getByLabel("Huisnummer").fill("7");
  await form.getByLabel("Postcode").fill("3511ab");
  await form.getByLabel("Plaats").fill("Utrecht");
  await form.getByRole("button", { name: "Volgende" }).click();
  const pay = form.getByRole("button", { name: "Bestelling met betalingsverplichting" });
  await expect.poll(() => pay.isVisible()).toBe(true);
  await pay.click();
  await page.waitForURL(/\/betaalpagina\//);
  await page.getByRole("radio", { name: "iDEAL" }).check();
  await page.getByLabel("Bank").selectOption("ING");
  await page.getByRole("button", { name: "Betalen" }).click();
  await page.waitForURL(/\/checkout\/success/);
  const number = page
    .getByText(/Je bestelnummer is/)
    .first()
    .locator("strong");
  await expect.poll(() => number.isVisible()).toBe(true);
  return (await number.textContent())!.replace("#", "");
}

async function signedInAdmin(browser: ReturnType<typeof useBrowser>, viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  await signInAsAdmin(page);
  return page;
}

describe("admin: All Orders and Bestelling Details", () => {
  const browser = useBrowser();

  it("finds a paid order by e-mail and shows its details with the dropshipment progress", async () => {
    const email = uniqueEmail("admin-zoekt");
    const shopper = await browser.newPage(PHONE);
    const orderNumber = await payAnOrder(shopper, email);

    const admin = await signedInAdmin(browser);
    await admin.goto("/admin");
    await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "All Orders" }).click();
    await admin.waitForURL("**/admin/orders");
    await expect.poll(() => admin.getByRole("region", { name: "Orders table" }).isVisible()).toBe(true);
    await screenshot(admin, "all-orders-1280");
    await admin.getByRole("searchbox", { name: "Search" }).fill(email.toUpperCase());
    await admin.getByRole("search").getByRole("button", { name: "Search" }).click();
    await admin.waitForURL(/\/admin\/orders\?q=/);
    const table = admin.getByRole("region", { name: "Orders table" });
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    const row = table.getByRole("row").filter({ hasText: orderNumber });
    expect(await row.getByText("Femke Dijkstra").isVisible()).toBe(true);
    expect(await row.getByText("Betaald").isVisible()).toBe(true);
    await screenshot(admin, "all-orders-search-1280");

    await row.getByRole("link", { name: `Details order ${orderNumber}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Bestelling Details" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(admin.url()).toMatch(new RegExp(`/admin/orders/${orderNumber}[0-9a-f-]{28}\\?q=`));
    // Exact: the timeline's mail lines name the address too ("order-confirmation to …").
    expect(await dialog.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText("Spaakweg 7").isVisible()).toBe(true);
    // The shop's job worker has sent the paid order to the supplier (the built-in test supplier):
    // the bar reaches "Voltooid" with the supplier's reference. The dialog is rendered by the server,
    // so the admin reloads until it shows.
    const bar = dialog.getByRole("progressbar", { name: "Dropshipment" });
    await expect
      .poll(
        async () => {
          const text = await bar.getAttribute("aria-valuetext");
          if (text !== "100% Voltooid") await admin.reload();
          return text;
        },
        { timeout: 20_000 },
      )
      .toBe("100% Voltooid");
    expect(await bar.getAttribute("aria-valuenow")).toBe("100");
    expect(await dialog.getByText(/^TS-[0-9A-F]{10}$/).isVisible()).toBe(true);
    await screenshot(admin, "order-details-1280", { fullPage: false });

    // Accepted by the supplier, so shipped by the shop itself (ADR 0029), which the timeline says; the
    // admin completes it and the change shows in the timeline.
    expect(await dialog.getByText("Verzonden").first().isVisible()).toBe(true);
    const timeline = dialog.getByRole("list", { name: "Order timeline" });
    expect(await timeline.getByText(/^Supplier accepted the order \(TS-[0-9A-F]{10}\)$/).isVisible()).toBe(true);
    expect(await timeline.getByText("Status processing → shipped automatically").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Mark as completed" }).click();
    await expect.poll(() => admin.getByText("Order updated").first().isVisible()).toBe(true);
    await expect.poll(() => timeline.getByText("Status shipped → completed").isVisible()).toBe(true);
    expect(await dialog.getByText("This order's status is final.").isVisible()).toBe(true);

    // Escape closes the dialog and returns to the same search.
    await admin.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(admin.url()).pathname).toBe("/admin/orders");
    expect(new URL(admin.url()).searchParams.get("q")).toBe(email.toUpperCase());
    // Status and dropshipment both read Voltooid now (the Dropshipment column, issue 28, was already).
    const completedRow = table.getByRole("row").filter({ hasText: orderNumber });
    await expect
      .poll(() =>
        completedRow
          .getByRole("cell")
          .filter({ hasText: /^Voltooid$/ })
          .count(),
      )
      .toBe(2);
  });

  it("is usable on a phone: the table scrolls with Details in view, the dialog fits", async () => {
    const admin = await signedInAdmin(browser, PHONE);
    await admin.goto("/admin/orders");
    // A phone gets a list of cards (the table is for wider screens), each with its Details button.
    const list = admin.getByRole("list", { name: "Orders" });
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await admin.getByRole("region", { name: "Orders table" }).isVisible()).toBe(false);
    const details = list.getByRole("link", { name: /^Details order/ }).first();
    const box = (await details.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The Section button names the current tab.
    const current = admin
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("button", { name: /^Section: All Orders/ });
    const tab = (await current.boundingBox())!;
    expect(tab.x).toBeGreaterThanOrEqual(0);
    expect(tab.x + tab.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(admin, "all-orders-390");

    await details.click();
    const dialog = admin.getByRole("dialog", { name: "Bestelling Details" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(admin, "order-details-390", { fullPage: false });
  });
});

describe("admin: API Connection", () => {
  const browser = useBrowser();
  let supplier: Server;
  let supplierUrl: string;
  let requests = 0;

  beforeAll(async () => {
    supplier = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        requests += 1;
        res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
        res.end(
          "<DropshipOrderResponse><Status>accepted</Status><SupplierReference>LB-1</SupplierReference></DropshipOrderResponse>",
        );
      });
    });
    await new Promise<void>((resolve) => supplier.listen(0, "127.0.0.1", resolve));
    supplierUrl = `http://127.0.0.1:${(supplier.address() as AddressInfo).port}/orders`;
  });
  afterAll(async () => {
    supplier?.closeAllConnections();
    await new Promise((resolve) => supplier?.close(resolve));
  });

  async function switchUrl(page: Page, url: string) {
    await page.getByRole("link", { name: "Edit URL" }).click();
    const field = page.getByLabel("Endpoint URL");
    await expect.poll(() => field.getAttribute("readonly")).toBe(null);
    await field.fill(url);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("API URL updated successfully").first().isVisible()).toBe(true);
    await expect.poll(() => field.getAttribute("readonly")).not.toBe(null);
  }

  it("switches the URL with Edit URL / Save and runs a test request with both outcomes", async () => {
    const admin = await signedInAdmin(browser);
    await admin.goto("/admin?tab=api");
    await admin.waitForURL("**/admin/api");
    const field = admin.getByLabel("Endpoint URL");
    expect(await field.getAttribute("readonly")).not.toBe(null);
    const original = await field.inputValue();
    try {
      await switchUrl(admin, supplierUrl);
      expect(await field.inputValue()).toBe(supplierUrl);

      expect(await admin.getByLabel("Method").inputValue()).toBe("POST");
      expect(await admin.getByLabel("Content type").inputValue()).toBe("text/xml; charset=utf-8");
      expect(await admin.getByLabel("Body").inputValue()).toContain("<Username>••••</Username>");
      await admin.getByRole("button", { name: "Add header" }).click();
      await admin.getByLabel("Header 2 name").fill("X-Test");
      await admin.getByLabel("Header 2 value").fill("ja");
      await admin.getByRole("button", { name: "Send test request" }).click();
      await expect.poll(() => admin.getByText("API Connection Successful").first().isVisible()).toBe(true);
      const card = admin.getByRole("region", { name: "Connection Successful" });
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await card.getByText("200", { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText(/SupplierReference>LB-1/).isVisible()).toBe(true);
      expect(requests).toBe(1);
      await screenshot(admin, "api-connection-1280");

      // Now a URL where nobody listens.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/orders`;
      await new Promise((resolve) => closed.close(resolve));
      await switchUrl(admin, deadUrl);
      await admin.getByRole("button", { name: "Send test request" }).click();
      await expect.poll(() => admin.getByText("API Connection Failed").first().isVisible()).toBe(true);
      const failed = admin.getByRole("alert").filter({ hasText: "Connection Failed" });
      await expect.poll(() => failed.isVisible()).toBe(true);
      expect(await failed.getByText(deadUrl, { exact: false }).isVisible()).toBe(true);
      expect(requests).toBe(1);
    } finally {
      // Back to where it was, for the other journeys sharing this shop (an empty field restores the default).
      await admin.goto("/admin/api");
      if ((await field.inputValue()) !== original) await switchUrl(admin, "");
    }
  });

  it("fits a phone", async () => {
    const admin = await signedInAdmin(browser, PHONE);
    await admin.goto("/admin/api");
    await expect.poll(() => admin.getByLabel("Endpoint URL").isVisible()).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(admin, "api-connection-390");
    // Whatever the configured supplier answers, a card shows it (the answer, or Connection Failed).
    await admin.getByRole("button", { name: "Send test request" }).click();
    await expect
      .poll(() =>
        admin
          .getByText(/^API Connection (Successful|Test Failed|Failed)$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(admin, "api-connection-answer-390");
  });
});
