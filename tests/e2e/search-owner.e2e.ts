import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin } from "./support/accounts";

/**
 * The owner's say in search (issue 30 items 9 and 10): the admin adds "fietsketting ⇒ ketting" on the
 * Search tab, and a shopper's search for "fietsketting" finds the chains, in the suggestions and on
 * the results page; the search report then lists that search.
 * SCREENS_DIR=/work/screens/search-owner also saves the synonyms list and the report at 390 and 1280 px.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** A demo chain's product card: "Shimano CN-HG701 ketting 11-speed". */
const CHAIN = /ketting \d+-speed/i;

async function searchAsShopper(page: Page, query: string) {
  const searchForm = page.getByRole("search");
  const search = searchForm.getByRole("combobox", { name: "Zoek producten" });
  await search.fill(query);
  return { searchForm, search };
}

describe("admin: search synonyms and the search report", () => {
  const browser = useBrowser();

  it("the admin adds fietsketting ⇒ ketting and a shopper's search for fietsketting finds the chains", async () => {
    const shopper = await browser.newPage(PHONE);
    await shopper.goto("/products?q=fietsketting");
    await expect.poll(() => shopper.getByRole("heading", { name: /fietsketting/, level: 1 }).isVisible()).toBe(true);
    expect(await shopper.getByRole("link", { name: CHAIN }).count()).toBe(0);

    // The refused form below answers 400 on purpose (its message shows next to the field).
    const admin = await browser.newPage(DESKTOP, { expectedStatuses: [400] });
    await signInAsAdmin(admin);
    await admin.goto("/admin/orders");
    await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Search" }).click();
    await admin.waitForURL("**/admin/search");
    const add = admin.getByRole("form", { name: "Add a synonym" });
    // A refused form says why, next to the field.
    await add.getByLabel("Search term").fill("fietsketting");
    await add.getByRole("button", { name: "Add synonym" }).click();
    await expect.poll(() => add.getByText("Enter what the shop should search for instead.").isVisible()).toBe(true);
    await add.getByLabel("Search for").fill("ketting");
    await add.getByRole("button", { name: "Add synonym" }).click();
    await expect.poll(() => admin.getByText('Saved: "fietsketting" is searched as "ketting".').isVisible()).toBe(true);
    const row = admin.getByRole("row", { name: /fietsketting/ });
    expect(await row.getByRole("cell").first().textContent()).toContain("ketting");
    // The add form is empty again for the next synonym.
    expect(await add.getByLabel("Search term").inputValue()).toBe("");

    // The shopper types the word: the suggestions show chains, and Enter lists them.
    await shopper.goto("/");
    const { searchForm, search } = await searchAsShopper(shopper, "fietsketting");
    const options = searchForm.getByRole("listbox", { name: "Zoeksuggesties" }).getByRole("option");
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect((await options.first().textContent())!.toLowerCase()).toContain("ketting");
    await search.press("Enter");
    await shopper.waitForURL(/\/products\?q=fietsketting$/);
    await expect.poll(() => shopper.getByRole("link", { name: CHAIN }).count()).toBeGreaterThan(0);

    // The search report counts it this week.
    await admin.getByRole("navigation", { name: "Search pages" }).getByRole("link", { name: "Search report" }).click();
    await admin.waitForURL("**/admin/search/report");
    const top = admin.getByRole("table", { name: "Top searches" });
    await expect.poll(() => top.getByRole("row", { name: /fietsketting/ }).isVisible()).toBe(true);

    for (const [label, viewport] of [
      ["390", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      await admin.setViewportSize(viewport);
      await admin.goto("/admin/search");
      await expect.poll(() => admin.getByRole("row", { name: /fietsketting/ }).isVisible()).toBe(true);
      await screenshot(admin, `synonyms-${label}`);
      await admin.goto("/admin/search/report");
      await expect.poll(() => top.getByRole("row", { name: /fietsketting/ }).isVisible()).toBe(true);
      await screenshot(admin, `report-${label}`);
      // Nothing sticks out sideways on a phone.
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }

    // Deleted again, the word is searched as typed (and the shared demo shop is left as found).
    await admin.goto("/admin/search");
    await admin.getByRole("button", { name: "Delete the synonym for fietsketting" }).click();
    await expect
      .poll(() => admin.getByText('Synonym deleted: "fietsketting" is searched as typed again.').isVisible())
      .toBe(true);
    await shopper.goto("/products?q=fietsketting");
    await expect.poll(() => shopper.getByRole("heading", { name: /fietsketting/, level: 1 }).isVisible()).toBe(true);
    expect(await shopper.getByRole("link", { name: CHAIN }).count()).toBe(0);
  });
});
