import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { registerConfirmedUser, signInAsAdmin, signInOnLoginPage, uniqueEmail, waitForMail } from "./support/accounts";
import { linkIn } from "../support/mailbox";
import { pdfText } from "../support/pdf-text";
import { addInStockProduct, fillCustomerAndShipping } from "./support/shopping";

/** SCREENS_DIR=… npm run test:e2e -- withdrawal: also saves the withdrawal steps at 390 and 1280 px. */
const SCREENS_DIR = process.env.SCREENS_DIR;
async function screenshot(page: Page, name: string) {
  if (SCREENS_DIR) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("Bestelling herroepen", () => {
  const browser = useBrowser();

  it("a guest withdraws through the link in the confirmation mail and gets the confirmation by mail; the admin refunds it", async () => {
    const email = uniqueEmail("herroeping");
    const buyer = await browser.newPage(DESKTOP);
    const name = await addInStockProduct(buyer);
    await buyer.goto("/checkout");
    // With the demo shop's coupon (10 %, at most € 15): the refund must pay back what was paid.
    const checkout = buyer.getByRole("main");
    await checkout.getByLabel("Kortingscode").fill("zomer10");
    await checkout.getByRole("button", { name: "Toepassen" }).click();
    await expect.poll(() => checkout.getByText("Korting (ZOMER10)").first().isVisible()).toBe(true);
    await fillCustomerAndShipping(buyer, { email, firstName: "Hanna" });
    await buyer.getByRole("main").getByRole("button", { name: "Bestelling met betalingsverplichting" }).click();
    await buyer.waitForURL(/\/betaalpagina\//);
    // What the bank is asked for: the whole order is withdrawn below, so this is what comes back.
    const paid = (await buyer
      .getByText("Te betalen", { exact: true })
      .locator("xpath=following-sibling::*[1]")
      .textContent())!.trim();
    expect(paid).toMatch(/^€\s\d[\d.]*,\d\d$/);
    await buyer.getByRole("radio", { name: "iDEAL" }).check();
    await buyer.getByLabel("Bank").selectOption("ING");
    await buyer.getByRole("button", { name: "Betalen" }).click();
    await buyer.waitForURL(/\/checkout\/success/);

    // Days later, on the phone: the link in the confirmation mail.
    const mail = await waitForMail(email, /Bevestiging van je bestelling/);
    const link = linkIn(mail, `${inject("baseUrl")}/bestelling?code=`)!;
    expect(link).toBeTruthy();
    // First a look at 1280 px, then the whole withdrawal on a phone.
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 390],
    ] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(link);
      await page.getByRole("link", { name: "Bestelling herroepen" }).click();
      await expect
        .poll(() => page.getByRole("heading", { name: "Stap 1 van 2: wat wil je herroepen?" }).isVisible())
        .toBe(true);
      expect(
        await page.getByLabel(new RegExp(name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).inputValue(),
      ).toBe("1");
      await screenshot(page, `withdrawal-step1-${width}`);
      if (width === 1280) continue;
      await page.getByLabel("Reden (niet verplicht)").fill("Toch een andere maat nodig");
      await page.getByRole("button", { name: "Doorgaan" }).click();
      await expect
        .poll(() => page.getByRole("heading", { name: "Stap 2 van 2: controleer je herroeping" }).isVisible())
        .toBe(true);
      await screenshot(page, `withdrawal-step2-${width}`);
      await page.getByRole("button", { name: "Herroeping bevestigen" }).click();
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "We hebben je herroeping ontvangen" }).isVisible())
        .toBe(true);
      await screenshot(page, `withdrawal-done-${width}`);
    }

    const confirmation = await waitForMail(email, /Bevestiging van je herroeping/);
    expect(confirmation.text).toContain(`${name} × 1`);
    expect(confirmation.text).toContain("Toch een andere maat nodig");
    expect(confirmation.text).toMatch(/We betalen je uiterlijk \d+ \w+ \d{4} terug/);

    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    const number = /bestelling #?([0-9a-f]{8})/i.exec(mail.subject)![1]!;
    await admin.goto(`/admin/orders?q=${number}`);
    await admin
      .getByRole("link", { name: new RegExp(`Details order ${number}`) })
      .first()
      .click();
    const dialog = admin.getByRole("dialog", { name: "Bestelling Details" });
    await expect.poll(() => dialog.getByRole("heading", { name: "Withdrawals" }).isVisible()).toBe(true);
    expect(await dialog.getByText(/Refund due by/).isVisible()).toBe(true);

    // The admin opens the refund from the withdrawal: the form comes filled in with the withdrawn item
    // (and the shipping, if any: the whole order was withdrawn), shows the amount and asks to confirm.
    await dialog.getByRole("link", { name: "Refund the withdrawn items" }).click();
    await expect
      .poll(() => dialog.getByRole("spinbutton", { name: new RegExp(`^${escape(name)}`) }).inputValue())
      .toBe("1");
    const shipping = dialog.getByRole("checkbox", { name: /^Shipping/ });
    if ((await shipping.count()) > 0) expect(await shipping.isChecked()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Put the items back in stock" }).check();
    await dialog.getByRole("button", { name: "Refund…" }).click();
    const question = dialog.getByRole("group", { name: `${paid} terugbetalen?` });
    await expect.poll(() => question.isVisible()).toBe(true);
    await screenshot(admin, "withdrawal-admin-confirm-1280");
    // The owner may confirm on a phone: the question and its button stay within reach at 390 px.
    await admin.setViewportSize(PHONE);
    await question.getByRole("button", { name: `Yes, pay back ${paid}` }).scrollIntoViewIfNeeded();
    expect(await question.getByRole("button", { name: `Yes, pay back ${paid}` }).isVisible()).toBe(true);
    await screenshot(admin, "withdrawal-admin-confirm-390");
    await question.getByRole("button", { name: `Yes, pay back ${paid}` }).click();
    await expect.poll(() => admin.getByText("Refund made").first().isVisible()).toBe(true);
    await expect
      .poll(() => admin.getByText(`${paid} paid back; the order is fully refunded.`).first().isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        dialog
          .getByText(/refunded/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(admin, "withdrawal-admin-1280");

    const refundMail = await waitForMail(email, /terugbetaald/);
    expect(refundMail.subject).toContain(`bestelling #${number}`);
    const shopper = await browser.newPage(PHONE);
    await shopper.goto(link);
    await expect.poll(() => shopper.getByText("Terugbetaald").first().isVisible()).toBe(true);

    // The invoice and the credit invoice of the refund, downloaded from the order page.
    const invoiceLink = shopper.getByRole("link", { name: /^Factuur \d{6} \(PDF\)$/ });
    const [download] = await Promise.all([shopper.waitForEvent("download"), invoiceLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^factuur-\d{6}\.pdf$/);
    const pdf = await pdfText(new Uint8Array(await fs.readFile((await download.path())!)));
    expect(pdf).toContain(name.slice(0, 20)); // long names wrap in the table
    expect(pdf).toContain("Waarvan btw 21%");
    expect(await shopper.getByRole("link", { name: /^Creditfactuur \d{6} \(PDF\)$/ }).isVisible()).toBe(true);

    // Later the shopper makes an account with the same address: /orders has the order and its invoice.
    const password = "Fiets-wachtwoord-2026";
    await registerConfirmedUser(email, password);
    const account = await browser.newPage(DESKTOP);
    await signInOnLoginPage(account, email, password);
    await account.goto("/orders");
    await account.getByText(`#${number}`).first().click();
    const [fromOrders] = await Promise.all([
      account.waitForEvent("download"),
      account.getByRole("link", { name: /^Factuur \d{6} \(PDF\)$/ }).click(),
    ]);
    expect(fromOrders.suggestedFilename()).toBe(download.suggestedFilename());
    await screenshot(account, "orders-invoice-1280");
  });
});
