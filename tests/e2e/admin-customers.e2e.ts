import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin, uniqueEmail } from "./support/accounts";
import { payAsGuest } from "./support/shopping";

/**
 * SCREENS_DIR=/work/screens npx vitest run --config vitest.e2e.config.ts tests/e2e/admin-customers.e2e.ts:
 * also saves the Customers list and a customer's page at 390 and 1280 px (for looking at).
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

describe("admin: Customers", () => {
  const browser = useBrowser();

  it("finds a guest buyer by e-mail and opens their page with the order", async () => {
    const email = uniqueEmail("klantzoeker");
    const shopper = await browser.newPage(PHONE);
    const orderNumber = await payAsGuest(shopper, { email, firstName: "Gerrit" });

    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 390],
    ] as const) {
      const admin = await browser.newPage(viewport);
      await signInAsAdmin(admin);
      await admin.goto("/admin/orders");
      const sections = admin.getByRole("navigation", { name: "Admin sections" });
      // A phone keeps the tabs behind the "Section: <current tab>" button.
      if (width === 390) await sections.getByRole("button", { name: /^Section: All Orders/ }).click();
      await sections.getByRole("link", { name: "Customers" }).click();
      await admin.waitForURL("**/admin/customers");
      await expect.poll(() => admin.getByRole("heading", { name: "Customers", level: 2 }).isVisible()).toBe(true);
      await screenshot(admin, `customers-list-${width}`);

      // The address in other capitals: the search does not care.
      await admin.getByRole("searchbox", { name: "Search" }).fill(email.toUpperCase());
      await admin.getByRole("search", { name: "Search customers" }).getByRole("button", { name: "Search" }).click();
      await admin.waitForURL(/\/admin\/customers\?q=/);
      const results =
        width === 1280
          ? admin.getByRole("region", { name: "Customers table" })
          : admin.getByRole("list", { name: "Customers" });
      const link = results.getByRole("link", { name: "Gerrit de Vries" });
      await expect.poll(() => link.isVisible()).toBe(true);
      // The URL changes before the results arrive: wait for the list to hold only the match.
      await expect.poll(() => results.getByRole("link").count()).toBe(1);
      await expect.poll(() => results.getByText("Guest").isVisible()).toBe(true);
      await screenshot(admin, `customers-search-${width}`);

      await link.click();
      await admin.waitForURL(/\/admin\/customers\/[0-9a-f-]{36}\?q=/);
      await expect.poll(() => admin.getByRole("heading", { name: "Gerrit de Vries", level: 2 }).isVisible()).toBe(true);
      await expect.poll(() => admin.getByText(email, { exact: true }).isVisible()).toBe(true);
      const orders = admin.getByRole("region", { name: "Orders of this customer" });
      const orderLink = orders.getByRole("link", { name: orderNumber });
      await expect.poll(() => orderLink.isVisible()).toBe(true);
      expect(await orderLink.getAttribute("href")).toMatch(new RegExp(`^/admin/orders/${orderNumber}[0-9a-f-]{28}$`));
      await expect.poll(() => admin.getByText("Fietsstraat 12").isVisible()).toBe(true);
      await screenshot(admin, `customer-page-${width}`);

      await admin.getByRole("link", { name: "Back to customers" }).click();
      await admin.waitForURL(/\/admin\/customers\?q=/);
      expect(await admin.getByRole("searchbox", { name: "Search" }).inputValue()).toBe(email.toUpperCase());
    }
  });

  it("Users: finds an admin by e-mail and asks before making them a customer (Cancel changes nothing)", async () => {
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 390],
    ] as const) {
      const admin = await browser.newPage(viewport);
      const me = await signInAsAdmin(admin);
      await admin.goto("/admin/users");
      await admin.getByRole("searchbox", { name: "Search" }).fill(me);
      await admin.getByRole("search", { name: "Search users" }).getByRole("button", { name: "Search" }).click();
      await admin.waitForURL(/\/admin\/users\?q=/);
      await expect.poll(() => admin.getByText("1 user found").isVisible()).toBe(true);
      const scope =
        width === 1280
          ? admin.getByRole("region", { name: "Users table" })
          : admin.getByRole("list", { name: "Users" });
      const button = scope.getByRole("button", { name: `Make customer ${me}` });
      await expect.poll(() => button.isVisible()).toBe(true);
      await button.click();
      const dialog = admin.getByRole("alertdialog", { name: "Make yourself a customer?" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await screenshot(admin, `users-role-question-${width}`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      // Still an admin: the tab is still ours.
      await admin.reload();
      await expect.poll(() => admin.getByRole("heading", { name: "Users", level: 2 }).isVisible()).toBe(true);
      await screenshot(admin, `users-search-${width}`);
    }
  });
});
