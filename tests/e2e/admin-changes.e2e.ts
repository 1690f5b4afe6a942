import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { DEMO_PRODUCT_COUNT, generateProducts } from "../../app/db/seed/product-generator";
import { registerConfirmedUser, uniqueEmail, signInAsAdmin, signInAsOwnAdmin } from "./support/accounts";

/**
 * SCREENS_DIR=/work/screens/changes npm run test:e2e -- admin-changes: also saves screenshots of the
 * Users tab, the confirmation, the change log, Settings and API Connection at 390 and 1280 px.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENS_DIR) return;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
}

/** Listed demo products (the e2e shop is seeded with the demo catalogue). */
const listed = [...generateProducts(DEMO_PRODUCT_COUNT)].filter(
  (p) => p.status === 1 && p.brand && p.shortDescription && (p.consumerPriceCents ?? 0) > 0,
);

async function signedInAdmin(browser: ReturnType<typeof useBrowser>, viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  const email = await signInAsAdmin(page);
  return { page, email };
}

describe("admin: the change log", () => {
  const browser = useBrowser();

  it("deactivates a user only after confirming, and the change log shows it with before and after", async () => {
    const email = uniqueEmail("wordt-gedeactiveerd");
    await registerConfirmedUser(email, "fietsen123");

    const { page: admin, email: adminEmail } = await signedInAdmin(browser);
    await admin.goto("/admin/users");
    const table = admin.getByRole("region", { name: "Users table" });
    const row = table.getByRole("row").filter({ hasText: email });
    await expect.poll(() => row.isVisible()).toBe(true);
    await screenshot(admin, "users-1280");

    // Deactivate asks first; Cancel leaves the user as they were.
    const deactivate = row.getByRole("button", { name: `Deactivate ${email}` });
    // Hydrated: the button now opens a dialog (before that it asks on a new page, without JavaScript).
    await expect.poll(() => deactivate.getAttribute("aria-haspopup")).toBe("dialog");
    await deactivate.click();
    const confirm = admin.getByRole("alertdialog", { name: `Deactivate ${email}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await screenshot(admin, "users-confirm-1280", { fullPage: false });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await row.getByText("Active", { exact: true }).isVisible()).toBe(true);

    await deactivate.click();
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole("button", { name: "Deactivate user" }).click();
    await expect.poll(() => admin.getByText("User deactivated").first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Inactive", { exact: true }).isVisible()).toBe(true);

    // The whole log, from the shell's link: the newest entry is this deactivation.
    await admin.getByRole("link", { name: "Change log" }).click();
    await admin.waitForURL("**/admin/changes");
    const changes = admin.getByRole("list", { name: "Changes" });
    const newest = changes.getByRole("article").first();
    await expect.poll(() => newest.isVisible()).toBe(true);
    expect(await newest.getByRole("heading").textContent()).toBe(email);
    // Deactivated, and signed out of the session registration left open.
    expect(await newest.getByText(/^Deactivated/).isVisible()).toBe(true);
    expect(await newest.textContent()).toContain(adminEmail);
    expect(await changedField(newest, "Account")).toBe("from Active to Inactive");
    await screenshot(admin, "change-log-1280");

    // The user's own history, from the Users tab's link.
    await admin.goto("/admin/users");
    await row.getByRole("link", { name: `Change history of ${email}` }).click();
    await admin.waitForURL(/\/admin\/changes\?type=user&id=/);
    const history = admin.getByRole("list", { name: "Changes" }).getByRole("article");
    await expect.poll(() => history.count()).toBe(1);
    expect(await admin.getByRole("heading", { name: `Change history: User ${email}` }).isVisible()).toBe(true);
    expect(await changedField(history, "Account")).toBe("from Active to Inactive");
    await screenshot(admin, "change-log-item-1280");
  });

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    it(`a price edit reads in euros under the product's name; filtered by person and day (${width} px)`, async () => {
      const product = listed[width === 1280 ? 40 : 41]!;
      // An admin of its own: the filter by person and day must show this edit alone.
      const admin = await browser.newPage(viewport);
      const adminEmail = await signInAsOwnAdmin(admin, `change-log-${width}`);
      await admin.goto("/admin/products");
      await admin.getByRole("searchbox", { name: /Search products/ }).fill(String(product.artNo));
      await admin.getByRole("search").getByRole("button", { name: "Search" }).click();
      await admin.waitForURL(/\?q=/);
      await admin
        .getByRole("link", { name: `Edit ${product.shortDescription}` })
        .first()
        .click();
      const dialog = admin.getByRole("dialog", { name: "Update Product" });
      const price = dialog.getByLabel("Consumer price (€)");
      await expect.poll(() => price.isVisible()).toBe(true);
      const was = await price.inputValue();
      const now = was === "41,95" ? "42,95" : "41,95";
      await price.fill(now);
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => admin.getByText("Product updated successfully").first().isVisible()).toBe(true);
      await expect.poll(() => dialog.count()).toBe(0);

      await admin.getByRole("link", { name: "Change log" }).click();
      await admin.waitForURL("**/admin/changes");
      const filter = admin.getByRole("search", { name: "Filter changes" });
      await expect.poll(() => filter.getByLabel("Changed by").isVisible()).toBe(true);
      await filter.getByLabel("Kind").selectOption("product");
      await filter.getByLabel("Changed by").selectOption(adminEmail);
      await filter.getByLabel("From").fill(amsterdamToday());
      await filter.getByLabel("To").fill(amsterdamToday());
      await filter.getByRole("button", { name: "Show changes" }).click();
      await admin.waitForURL(/[?&]by=/);
      expect(new URL(admin.url()).searchParams.get("by")).toBe(adminEmail);
      const entries = admin.getByRole("list", { name: "Changes" }).getByRole("article");
      await expect.poll(() => entries.count()).toBe(1);
      const entry = entries.first();
      // Named as Product Management names it (the brand before the description), with its ArtNo.
      const heading = (await entry.getByRole("heading").textContent()) ?? "";
      expect(heading).toContain(product.shortDescription);
      expect(heading.endsWith(` (ArtNo ${product.artNo})`)).toBe(true);
      expect(await entry.getByText("Consumer price changed", { exact: true }).isVisible()).toBe(true);
      expect(await changedField(entry, "Consumer price")).toBe(`from € ${was} to € ${now}`);
      if (width === 390) {
        expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
      await screenshot(admin, `change-log-product-${width}`);
    });
  }

  it("on a phone: the Section button names the current tab, users as cards with their actions in view", async () => {
    const email = uniqueEmail("telefoon-beheer");
    await registerConfirmedUser(email, "fietsen123");
    const { page: admin } = await signedInAdmin(browser, PHONE);

    // Site Settings is the last tab: the Section button names it and opens the list with it marked.
    await admin.goto("/admin/settings");
    const nav = admin.getByRole("navigation", { name: "Admin sections" });
    const sections = nav.getByRole("button", { name: /^Section: Site Settings/ });
    await expect.poll(() => sections.isVisible()).toBe(true);
    await sections.click();
    const current = nav.getByRole("link", { name: "Site Settings" });
    await expect.poll(async () => inViewport(await current.boundingBox())).toBe(true);
    expect(await current.getAttribute("aria-current")).toBe("page");
    await screenshot(admin, "settings-390");

    await admin.goto("/admin/api");
    await screenshot(admin, "api-390");

    await admin.goto("/admin/users");
    expect(await admin.getByRole("region", { name: "Users table" }).isVisible()).toBe(false);
    const card = admin.getByRole("list", { name: "Users" }).getByRole("article").filter({ hasText: email });
    const deactivate = card.getByRole("button", { name: `Deactivate ${email}` });
    await expect.poll(() => deactivate.isVisible()).toBe(true);
    await expect.poll(() => deactivate.getAttribute("aria-haspopup")).toBe("dialog");
    await deactivate.scrollIntoViewIfNeeded();
    expect(inViewport(await deactivate.boundingBox())).toBe(true);
    await screenshot(admin, "users-390");
    await deactivate.click();
    const confirm = admin.getByRole("alertdialog", { name: `Deactivate ${email}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await screenshot(admin, "users-confirm-390", { fullPage: false });
    await confirm.getByRole("button", { name: "Deactivate user" }).click();
    await expect.poll(() => card.getByText("Inactive", { exact: true }).isVisible()).toBe(true);

    await admin.getByRole("link", { name: "Change log" }).click();
    await admin.waitForURL("**/admin/changes");
    await expect.poll(() => admin.getByRole("list", { name: "Changes" }).isVisible()).toBe(true);
    // Nothing on the page is wider than the phone.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(admin, "change-log-390");
  });
});

/** A changed field's value as read out: "from <before> to <after>" (the no-break space after € read as a space). */
async function changedField(entry: Locator, field: string) {
  const term = entry.getByRole("term").filter({ hasText: new RegExp(`^${field}$`) });
  const value = term.locator("xpath=following-sibling::dd[1]");
  return ((await value.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

/** Today in Amsterdam as the date field takes it (yyyy-mm-dd). */
function amsterdamToday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
}

function inViewport(box: { x: number; y: number; width: number; height: number } | null) {
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}
