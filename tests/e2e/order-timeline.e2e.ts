import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { mailsTo } from "../support/mailbox";
import { signInAsAdmin, uniqueEmail, waitForMail } from "./support/accounts";
import { addInStockProduct, fillCustomerAndShipping } from "./support/shopping";

/** SCREENS_DIR=/work/screens: also saves the order page's timeline at 390 and 1280 px, for looking at. */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

/** A guest pays one product with iDEAL on the local payment page; returns the order number. */
async function payAnOrder(page: Page, email: string): Promise<string> {
  await addInStockProduct(page);
  await page.goto("/checkout");
  await fillCustomerAndShipping(page, { email, firstName: "Joris" });
  await page.getByRole("button", { name: "Bestelling met betalingsverplichting" }).click();
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

describe("admin: the order timeline", () => {
  const browser = useBrowser();

  it("tells the order's story with its mails, and sends a mail again", async () => {
    const email = uniqueEmail("tijdlijn");
    const number = await payAnOrder(await browser.newPage(PHONE), email);
    // The shipped mail is queued when the supplier (the demo's test supplier) accepts the order.
    await waitForMail(email, /Je bestelling wordt naar je verstuurd/);

    for (const viewport of [DESKTOP, PHONE]) {
      const admin = await browser.newPage(viewport);
      await signInAsAdmin(admin);
      await admin.goto(`/admin/orders?q=${number}`);
      await admin
        .getByRole("link", { name: `Details order ${number}` })
        .first()
        .click();
      const dialog = admin.getByRole("dialog", { name: "Bestelling Details" });
      const timeline = dialog.getByRole("list", { name: "Order timeline" });
      await expect.poll(() => timeline.isVisible()).toBe(true);
      const entries = timeline.getByRole("listitem");
      expect(await entries.first().textContent()).toMatch(/Order placed: €\s\d+,\d\d/);
      expect(await timeline.getByText(/^Paid €\s\d+,\d\d via test payment page$/).isVisible()).toBe(true);
      expect(await timeline.getByText(/^Dropshipment attempt 1 of 6: succeeded$/).isVisible()).toBe(true);
      expect(await timeline.getByText("Status processing → shipped automatically").isVisible()).toBe(true);
      // The first: after the resend (desktop pass) a copy follows it.
      const confirmation = entries.filter({ hasText: /Mail: Bevestiging van je bestelling/ }).first();
      expect(await confirmation.getByText(`order-confirmation to ${email}`).isVisible()).toBe(true);
      await timeline.scrollIntoViewIfNeeded();
      await screenshot(admin, `order-timeline-${viewport.width}`);

      if (viewport === DESKTOP) {
        const mailsBefore = await entries.filter({ hasText: /Mail: / }).count();
        await confirmation.getByRole("button", { name: new RegExp(`^Resend mail #\\d+ to ${email}$`) }).click();
        await expect.poll(() => admin.getByText("Mail queued again").first().isVisible()).toBe(true);
        // The copy joins the timeline (the page's data is read again after the action).
        await expect.poll(() => entries.filter({ hasText: /Mail: / }).count()).toBe(mailsBefore + 1);
        expect(await timeline.getByText(/^Copy of mail #\d+$/).isVisible()).toBe(true);
        expect(await timeline.getByText(/^Mail #\d+ sent again as #\d+$/).isVisible()).toBe(true);
        await screenshot(admin, "order-timeline-resent-1280");
      }
    }
    // The copy reaches the shopper too: two confirmations in the mailbox.
    const confirmations = async () =>
      (await mailsTo(inject("mailboxUrl"), email)).filter((m) => /Bevestiging van je bestelling/.test(m.subject))
        .length;
    await expect.poll(confirmations, { timeout: 15_000 }).toBe(2);
  });
});
