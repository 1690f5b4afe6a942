import path from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";

/** SCREENS_DIR=… npm run test:e2e -- catalogue: also saves the suggestions for text typed before hydration. */
const SCREENS_DIR = process.env.SCREENS_DIR;

describe("browsing the catalogue", () => {
  const browser = useBrowser();

  it("home → category → filter by brand → sort by price → page 2 → product", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Fietsonderdelen" }).click();
    await page.waitForURL("**/fietsonderdelen");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Fietsonderdelen");

    await page.getByRole("checkbox", { name: /Schwalbe/ }).check();
    await page.waitForURL(/filter_1=Schwalbe/);
    await expect
      .poll(() =>
        page
          .getByRole("button", { name: /Verwijder filter.*Schwalbe/ })
          .or(page.getByRole("link", { name: /Verwijder filter.*Schwalbe/ }))
          .count(),
      )
      .toBe(1);

    await page.getByLabel("Sorteer op").selectOption("price-asc");
    await page.waitForURL(/sort=price-asc/);
    // The select shows the shopper's choice at once and the URL changes before React has drawn the
    // sorted list, so wait for the list itself; if the sort were broken this times out.
    await expect.poll(async () => isAscending(await prices(page))).toBe(true);
    const firstPagePrices = await prices(page);

    await page
      .getByRole("navigation", { name: "Paginering" })
      .getByRole("link", { name: "Pagina 2", exact: true })
      .click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByRole("link", { name: "Pagina 2" }).getAttribute("aria-current")).toBe("page");
    expect(page.url()).toContain("filter_1=Schwalbe");
    expect(page.url()).toContain("sort=price-asc");
    const secondPagePrices = await prices(page);
    expect(secondPagePrices.length).toBeGreaterThan(0);
    expect(Math.min(...secondPagePrices)).toBeGreaterThanOrEqual(Math.max(...firstPagePrices));

    const firstProduct = page.getByRole("article").first().getByRole("link");
    const name = (await firstProduct.textContent())!.trim();
    expect(name).toMatch(/^Schwalbe/);
    await firstProduct.click();
    await page.waitForURL(/\/product\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    expect(await page.getByText("Schwalbe", { exact: true }).first().isVisible()).toBe(true);
  });

  it("a search suggestion leads to its product", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/products");
    // Phones and desktops each have their own search box; the role query sees only the visible one.
    const searchForm = page.getByRole("search");
    const search = searchForm.getByRole("combobox", { name: "Zoek producten" });
    await search.fill("k");
    await expect.poll(() => searchForm.getByText("Type minimaal 2 tekens om te zoeken").isVisible()).toBe(true);
    await search.fill("ketting");
    const options = searchForm.getByRole("listbox", { name: "Zoeksuggesties" }).getByRole("option");
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(6);
    const suggestion = (await options.first().textContent())!;
    expect(suggestion.toLowerCase()).toContain("ketting");
    await options.first().click();
    await page.waitForURL(/\/product\/\d+$/);
    // The URL changes before React has drawn the new page: wait for the product's own heading.
    await expect
      .poll(async () => suggestion.includes((await page.getByRole("heading", { level: 1 }).textContent()) ?? "-"))
      .toBe(true);

    await search.fill("xqzxqz");
    await expect.poll(() => searchForm.getByText("Geen producten gevonden").isVisible()).toBe(true);
  });

  it("keeps what a shopper typed into the search box before the page was ready, and suggests for it", async () => {
    const page = await browser.newPage(PHONE);
    // Hold back the shop's JavaScript, as a slow phone connection would, and type meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/shell-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/contact", { waitUntil: "commit" });
    const searchForm = page.getByRole("search");
    const search = searchForm.getByRole("combobox", { name: "Zoek producten" });
    // Until the stylesheet applies, the desktop's search box is not yet hidden on the phone.
    await expect.poll(() => search.count()).toBe(1);
    await search.pressSequentially("ketting");
    // Not hydrated yet: the toast region comes with React.
    const toasts = page.getByRole("region", { name: /^Notifications/ });
    expect(await toasts.count()).toBe(0);

    release();
    // React has taken over once the toast region is there; the text is still in the box…
    await toasts.waitFor({ state: "attached" });
    const options = searchForm.getByRole("listbox", { name: "Zoeksuggesties" }).getByRole("option");
    // …and the search box knows it: it suggests chains without another key pressed.
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect((await options.first().textContent())!.toLowerCase()).toContain("ketting");
    expect(await search.inputValue()).toBe("ketting");
    if (SCREENS_DIR) await page.screenshot({ path: path.join(SCREENS_DIR, "typed-before-hydration-390.png") });
  });

  it("the mobile menu slides up with the navigation and takes the shopper to the blog", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    expect(await page.getByRole("navigation", { name: "Hoofdmenu" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    for (const label of ["Sportvoeding", "Onderhoud", "Fietsonderdelen", "Blog", "Contact", "Winkelwagen"]) {
      expect(await menu.getByRole("link", { name: label, exact: true }).count(), label).toBe(1);
    }
    await menu.getByRole("link", { name: "Blog", exact: true }).click();
    await page.waitForURL("**/blog");
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Blog");
  });
});

function isAscending(values: number[]): boolean {
  return values.length > 1 && values.every((value, i) => i === 0 || values[i - 1]! <= value);
}

async function prices(page: import("playwright-core").Page): Promise<number[]> {
  // The price a shopper pays is the first euro amount in each card (offer price before the struck one).
  const texts = await page
    .getByRole("article")
    .evaluateAll((cards) => cards.map((card) => /€\s?([\d.]+,\d{2})/.exec(card.textContent ?? "")?.[1] ?? ""));
  return texts.map((t) => Number(t.replace(/\./g, "").replace(",", ".")));
}
