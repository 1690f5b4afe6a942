import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin, uniqueEmail, waitForMail } from "./support/accounts";
import { linkIn } from "../support/mailbox";
import { addInStockProduct, fillCustomerAndShipping } from "./support/shopping";

/** SCREENS_DIR=… npm run test:e2e -- admin-orders-list: also saves All Orders at 390 and 1280 px. */
const SCREENS_DIR = process.env.SCREENS_DIR;
async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** A guest buys one in-stock product, pays with iDEAL and withdraws it through the mailed link. */
async function withdrawnOrder(browser: ReturnType<typeof useBrowser>, email: string): Promise<string> {
  const buyer = await browser.newPage(DESKTOP);
  await addInStockProduct(buyer);
  await buyer.goto("/checkout");
  await fillCustomerAndShipping(buyer, { email, firstName: "Herma" });
  await buyer.getByRole("main").getByRole("button", { name: "Bestelling met betalingsverplichting" }).click();
  await buyer.waitForURL(/\/betaalpagina\//);
  await buyer.getByRole("radio", { name: "iDEAL" }).check();
  await buyer.getByLabel("Bank").selectOption("ING");
  await buyer.getByRole("button", { name: "Betalen" }).click();
  await buyer.waitForURL(/\/checkout\/success/);
  const mail = await waitForMail(email, /Bevestiging van je bestelling/);
  const number = /bestelling #?([0-9a-f]{8})/i.exec(mail.subject)![1]!;
  await buyer.goto(linkIn(mail, `${inject("baseUrl")}/bestelling?code=`)!);
  await buyer.getByRole("link", { name: "Bestelling herroepen" }).click();
  await buyer.getByRole("button", { name: "Doorgaan" }).click();
  await buyer.getByRole("button", { name: "Herroeping bevestigen" }).click();
  await expect
    .poll(() => buyer.getByRole("status").filter({ hasText: "We hebben je herroeping ontvangen" }).isVisible())
    .toBe(true);
  return number;
}

describe("All Orders: what needs doing", () => {
  const browser = useBrowser();

  it("shows and filters a withdrawn order, exports the list as CSV, and will not ship it twice", async () => {
    const email = uniqueEmail("lijst-herroepen");
    const number = await withdrawnOrder(browser, email);

    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto("/admin/orders");
    const filters = admin.getByRole("search", { name: "Search orders" });
    await screenshot(admin, "all-orders-list-1280");
    // The open-withdrawal filter, with its count beside it, and the order's e-mail as the search.
    await filters.getByRole("checkbox", { name: /^Open withdrawals only \(\d+\)$/ }).check();
    await filters.getByRole("searchbox", { name: "Search" }).fill(email);
    await filters.getByRole("button", { name: "Search" }).click();
    await admin.waitForURL(/withdrawal=open/);
    const table = admin.getByRole("region", { name: "Orders table" });
    const row = table.getByRole("row").filter({ hasText: number });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText(/^Herroepen — terugbetalen vóór\s+\d{1,2} [a-z]{3}$/).isVisible()).toBe(true);
    expect(await row.getByText("Betaald", { exact: true }).isVisible()).toBe(true);
    await screenshot(admin, "all-orders-withdrawn-1280");

    // The export of this filtered list: one order, as Dutch Excel reads it.
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      filters.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!, "utf8");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFOrder;Date;Customer;E-mail;Status;Payment;Total incl. VAT;Total excl. VAT;VAT 21%;VAT 9%;Shipping;Discount;Refunded",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${number}[0-9a-f-]{28};\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2};Herma [^;]+;${email.replace(/[.+]/g, "\\$&")};[^;]+;Betaald;\\d+,\\d{2};`,
      ),
    );

    // The test supplier accepts the order, which ships it with its mail (ADR 0029): once it reads
    // Verzonden, "Mark as shipped" must report it back instead of mailing again.
    await waitForMail(email, /wordt naar je verstuurd/);
    await expect
      .poll(async () => {
        await admin.reload();
        return row.getByText("Verzonden").isVisible();
      })
      .toBe(true);
    await row.getByRole("checkbox", { name: `Select order ${number}` }).check();
    await admin.getByRole("button", { name: "Mark as shipped (1)" }).click();
    const dialog = admin.getByRole("dialog", { name: "None of these orders can be marked as shipped" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText("The order is already shipped.").isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Mark 0 as shipped" }).isDisabled()).toBe(true);
    await screenshot(admin, "all-orders-bulk-confirm-1280");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // On a phone: the same filtered list as cards, with the badges and the checkbox.
    const phone = await browser.newPage(PHONE);
    await signInAsAdmin(phone);
    await phone.goto(`/admin/orders?withdrawal=open&q=${encodeURIComponent(email)}`);
    const cards = phone.getByRole("list", { name: "Orders" });
    await expect.poll(() => cards.getByText(/^Herroepen — terugbetalen vóór/).isVisible()).toBe(true);
    expect(await cards.getByRole("checkbox", { name: `Select order ${number}` }).isVisible()).toBe(true);
    await screenshot(phone, "all-orders-withdrawn-390");
    await phone.goto("/admin/orders");
    await expect.poll(() => cards.isVisible()).toBe(true);
    await screenshot(phone, "all-orders-list-390");
  });
});
