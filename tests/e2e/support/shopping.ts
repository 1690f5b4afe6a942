import { expect } from "vitest";
import type { Page } from "playwright-core";

/** What a shopper does on the way to paying, shared by the browser tests. */

/** Adds an in-stock product of the Fietsonderdelen listing to the cart (as a shopper would); returns its name. */
export async function addInStockProduct(page: Page, index = 0): Promise<string> {
  await page.goto("/products?cat=100");
  const card = page.getByRole("article").filter({ hasText: "Op voorraad" }).nth(index);
  await card.getByRole("link").first().click();
  await page.waitForURL(/\/product\/\d+/);
  const addButton = page.getByRole("button", { name: "In winkelwagen" });
  await expect.poll(() => addButton.isVisible()).toBe(true);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await addButton.click();
  await expect.poll(() => page.getByText("Product toegevoegd aan winkelwagen").first().isVisible()).toBe(true);
  return name;
}

export async function storedCartItems(page: Page): Promise<unknown[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("cart-storage") ?? '{"state":{"items":[]}}').state.items);
}

export async function fillCustomerAndShipping(page: Page, opts: { email?: string; firstName: string }) {
  const form = page.getByRole("main");
  await form.getByLabel("Voornaam").fill(opts.firstName);
  await form.getByLabel("Achternaam").fill("de Vries");
  if (opts.email) await form.getByLabel("E-mailadres").fill(opts.email);
  await form.getByRole("button", { name: "Volgende" }).click();
  await expect.poll(() => form.getByLabel("Postcode").isVisible()).toBe(true);
  await form.getByLabel("Adres").fill("Fietsstraat");
  await form.getByLabel("Huisnummer").fill("12");
  await form.getByLabel("Postcode").fill("3511ab");
  await form.getByLabel("Plaats").fill("Utrecht");
  expect(await form.getByLabel("Land").isDisabled()).toBe(true);
  await form.getByRole("button", { name: "Volgende" }).click();
  await expect
    .poll(() => form.getByRole("button", { name: "Bestelling met betalingsverplichting" }).isVisible())
    .toBe(true);
}

/**
 * A guest buys an in-stock product and pays with iDEAL on the local payment page, as a shopper
 * would; returns the order number the success page shows.
 */
export async function payAsGuest(page: Page, opts: { email: string; firstName: string }): Promise<string> {
  await addInStockProduct(page);
  await page.goto("/checkout");
  return orderAndPayWithIdeal(page, opts);
}

/**
 * From the open checkout with a filled cart: the guest's details, the order, iDEAL (ING) on the local
 * payment page; `beforePaying` is awaited just before "Betalen" (a test's set-up that must be in
 * place when the payment lands). Returns the order number the success page shows.
 */
export async function orderAndPayWithIdeal(
  page: Page,
  opts: { email: string; firstName: string },
  beforePaying?: Promise<unknown>,
): Promise<string> {
  await fillCustomerAndShipping(page, opts);
  await page.getByRole("main").getByRole("button", { name: "Bestelling met betalingsverplichting" }).click();
  await page.waitForURL(/\/betaalpagina\//);
  await page.getByRole("radio", { name: "iDEAL" }).check();
  await page.getByLabel("Bank").selectOption("ING");
  await beforePaying;
  await page.getByRole("button", { name: "Betalen" }).click();
  await page.waitForURL(/\/checkout\/success/);
  const number = page
    .getByText(/Je bestelnummer is/)
    .first()
    .locator("strong");
  await expect.poll(() => number.isVisible()).toBe(true);
  return (await number.textContent())!.replace("#", "").trim();
}
