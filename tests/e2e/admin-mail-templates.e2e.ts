import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signInAsAdmin } from "./support/accounts";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";

/**
 * SCREENS_DIR=/work/screens npx vitest run --config vitest.e2e.config.ts tests/e2e/admin-mail-templates.e2e.ts:
 * also saves the template list and one template's preview at 390 and 1280 px (for looking at).
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

describe("admin: mail templates", () => {
  const browser = useBrowser();

  it.each([
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const)("at %s px the admin finds the templates from the E-mails tab and previews one", async (width, size) => {
    const page = await browser.newPage(size);
    await signInAsAdmin(page);
    await page.goto("/admin/emails");
    await page.getByRole("link", { name: "Mail templates" }).click();
    await page.waitForURL("**/admin/emails/templates");
    await expect.poll(() => page.getByRole("heading", { name: "Mail templates", level: 2 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Dropshipment failed" }).isVisible()).toBe(true);
    await screenshot(page, `mail-templates-${width}`);

    await page.getByRole("link", { name: "Order confirmation" }).click();
    await page.waitForURL("**/admin/emails/templates/order-confirmation");
    await expect.poll(() => page.getByRole("heading", { name: "Order confirmation", level: 2 }).isVisible()).toBe(true);
    // The HTML part as a mail program shows it, in its sandboxed frame.
    const html = page.frameLocator('iframe[title="HTML part of the Order confirmation mail"]');
    await expect
      .poll(() => html.getByRole("heading", { name: "Modelformulier voor herroeping" }).isVisible())
      .toBe(true);
    await expect.poll(() => html.getByRole("link", { name: "Bekijk je bestelling" }).isVisible()).toBe(true);
    // The text part, as text.
    await expect.poll(() => page.getByText("Bestelnummer: 3f2a9c1e", { exact: false }).first().isVisible()).toBe(true);
    await screenshot(page, `mail-template-${width}`);

    await page.getByRole("link", { name: "Back to mail templates" }).click();
    await page.waitForURL("**/admin/emails/templates");
  });
});
