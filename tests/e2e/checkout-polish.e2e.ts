import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations, DESKTOP, PHONE, useBrowser } from "./support/browser";
import { uniqueEmail, waitForMail } from "./support/accounts";
import { linkIn } from "../support/mailbox";
import { addInStockProduct, fillCustomerAndShipping } from "./support/shopping";

/** SCREENS_DIR=… npm run test:e2e -- checkout-polish: also saves every checkout step, the success page and the guest order page. */
const SCREENS_DIR = process.env.SCREENS_DIR;
async function screenshot(page: Page, name: string) {
  if (SCREENS_DIR) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

describe("a checkout without surprises", () => {
  const browser = useBrowser();

  for (const [viewport, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    it(`keeps what was typed over a reload, shows the order once and the coupon's answer at its field (${width} px)`, async () => {
      const page = await browser.newPage(viewport);
      await addInStockProduct(page);
      await page.goto("/checkout");
      // Only the way back to the cart and help: none of the shop's menus.
      await expect.poll(() => page.getByText("Veilig betalen").isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Terug naar winkelwagen" }).isVisible()).toBe(true);
      expect(await page.getByRole("navigation", { name: "Hoofdmenu" }).count()).toBe(0);
      await screenshot(page, `checkout-step1-${width}`);

      const main = page.getByRole("main");
      await main.getByLabel("Voornaam").fill("Rik");
      await main.getByLabel("Achternaam").fill("de Vries");
      await main.getByLabel("E-mailadres").fill(uniqueEmail("herladen"));
      await main.getByRole("button", { name: "Volgende" }).click();
      await expect.poll(() => main.getByLabel("Postcode").isVisible()).toBe(true);
      await main.getByLabel("Adres").fill("Fietsstraat");
      await main.getByLabel("Huisnummer").fill("12");
      await main.getByLabel("Postcode").fill("3511ab");
      await main.getByLabel("Plaats").fill("Utrecht");
      await screenshot(page, `checkout-step2-${width}`);

      // A reload on step 2 keeps the step and the typed fields.
      await page.reload();
      await expect.poll(() => main.getByLabel("Plaats").inputValue()).toBe("Utrecht");
      expect(await main.getByLabel("Adres").inputValue()).toBe("Fietsstraat");
      await main.getByRole("button", { name: "Volgende" }).click();
      const pay = main.getByRole("button", { name: "Bestelling met betalingsverplichting" });
      await expect.poll(() => pay.isVisible()).toBe(true);

      // …and on step 3 too.
      await page.reload();
      await expect.poll(() => pay.isVisible()).toBe(true);
      expect(await main.getByText("Rik de Vries").first().isVisible()).toBe(true);
      expect(await main.getByText("Fietsstraat 12").isVisible()).toBe(true);

      // The order's lines show once on this step (not again in the side panel).
      expect(await page.getByRole("heading", { name: "Overzicht van je bestelling" }).count()).toBe(0);
      const coupon = page.getByRole("textbox", { name: "Kortingscode" });
      await coupon.fill("bestaatniet");
      await page.getByRole("button", { name: "Toepassen" }).click();
      const answer = page.locator("#checkout-coupon-answer");
      await expect.poll(() => answer.textContent()).toContain("Invalid coupon");
      // The spec's English title, marked as English, and one Dutch line that says the whole message (ADR 0039).
      expect(await answer.getByText("Invalid coupon", { exact: true }).getAttribute("lang")).toBe("en");
      expect(await answer.textContent()).toContain("Ongeldige kortingscode: deze kortingscode bestaat niet.");
      expect(await coupon.getAttribute("aria-invalid")).toBe("true");
      await coupon.fill("zomer10");
      await page.getByRole("button", { name: "Toepassen" }).click();
      await expect
        .poll(() =>
          page
            .getByText(/Kortingscode toegepast/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      await screenshot(page, `checkout-step3-${width}`);
    });
  }

  it("a guest who paid opens the order from the success page and from the mail, without an account", async () => {
    const email = uniqueEmail("gastbestelling");
    const page = await browser.newPage(PHONE);
    const name = await addInStockProduct(page);
    await page.goto("/checkout");
    await fillCustomerAndShipping(page, { email, firstName: "Gijs" });
    await page.getByRole("main").getByRole("button", { name: "Bestelling met betalingsverplichting" }).click();
    await page.waitForURL(/\/betaalpagina\//);
    // The payment page's test notice sits inside a landmark (axe-core "region", a moderate rule).
    expect(await axeViolations(page, ["region"])).toEqual([]);
    await page.getByRole("radio", { name: "iDEAL" }).check();
    await page.getByLabel("Bank").selectOption("ING");
    await page.getByRole("button", { name: "Betalen" }).click();
    await page.waitForURL(/\/checkout\/success/);
    await expect.poll(() => page.getByText("Bedankt voor je bestelling!").first().isVisible()).toBe(true);
    await screenshot(page, "success-guest-390");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "success-guest-1280");
    await page.setViewportSize(PHONE);

    await page.getByRole("link", { name: "Bekijk je bestelling" }).click();
    await page.waitForURL(/\/bestelling$/);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Je bestelling", exact: true }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole("list", { name: /^Artikelen van bestelling/ }).textContent())
      .toContain(name);
    expect(await page.getByText("Betaald").first().isVisible()).toBe(true);
    await screenshot(page, "guest-order-390");

    // From another browser, through the confirmation mail's link.
    const mail = await waitForMail(email, /Bevestiging van je bestelling/);
    const link = linkIn(mail, `${inject("baseUrl")}/bestelling?code=`);
    expect(link).toBeTruthy();
    const elsewhere = await browser.newPage(DESKTOP);
    await elsewhere.goto(link!);
    await expect
      .poll(() => elsewhere.getByRole("list", { name: /^Artikelen van bestelling/ }).textContent())
      .toContain(name);
    await screenshot(elsewhere, "guest-order-1280");

    // Without the link: order number and e-mail address.
    const third = await browser.newPage(DESKTOP, { expectedStatuses: [404] });
    await third.goto("/bestelling");
    const number = /bestelling #?([0-9a-f]{8})/i.exec(mail.subject)?.[1] ?? "";
    await third.getByLabel("Bestelnummer").fill(number);
    await third.getByLabel("E-mailadres").fill("iemand-anders@example.nl");
    await third.getByRole("button", { name: "Bestelling bekijken" }).click();
    await expect.poll(() => third.getByRole("alert").first().textContent()).toContain("We vinden geen bestelling");
    await third.getByLabel("E-mailadres").fill(email);
    await third.getByRole("button", { name: "Bestelling bekijken" }).click();
    await expect
      .poll(() => third.getByRole("list", { name: /^Artikelen van bestelling/ }).textContent())
      .toContain(name);
  });
});
