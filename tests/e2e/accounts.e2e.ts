import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import {
  registerConfirmedUser,
  signInOnLoginPage,
  uniqueEmail,
  verificationLink,
  signInAsAdmin,
} from "./support/accounts";

/** Presses Tab until the element has focus (as a keyboard user would), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached the element with Tab");
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

describe("accounts", () => {
  const browser = useBrowser();

  it("the login dialog works with the keyboard alone on a 390 px phone", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    const account = page.getByRole("link", { name: "Account" });
    await tabTo(page, account);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Inloggen" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect.poll(() => isFocused(dialog.getByLabel("E-mailadres"))).toBe(true);

    await page.keyboard.type("niemand@example.nl");
    await page.keyboard.press("Tab");
    expect(await isFocused(dialog.getByLabel("Wachtwoord", { exact: true }))).toBe(true);
    await page.keyboard.type("geheim123");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByText("Onjuist e-mailadres of wachtwoord.").isVisible()).toBe(true);

    await tabTo(page, dialog.getByRole("button", { name: "Registreer hier" }));
    await page.keyboard.press("Enter");
    const register = page.getByRole("dialog", { name: "Registreren" });
    await expect.poll(() => register.isVisible()).toBe(true);
    expect(await register.getByLabel("Bevestig wachtwoord").isVisible()).toBe(true);

    await page.keyboard.press("Escape");
    await expect.poll(() => register.isVisible()).toBe(false);
    await expect.poll(() => isFocused(account)).toBe(true);
  });

  it("registers in the dialog, confirms by e-mail, signs in, edits the profile and signs out", async () => {
    const email = uniqueEmail("sanne");
    const password = "fietsen123";
    const page = await browser.newPage(PHONE);
    await page.goto("/");

    await page.getByRole("link", { name: "Account" }).click();
    const login = page.getByRole("dialog", { name: "Inloggen" });
    await expect.poll(() => login.isVisible()).toBe(true);
    await login.getByRole("button", { name: "Registreer hier" }).click();
    const register = page.getByRole("dialog", { name: "Registreren" });
    await register.getByLabel("E-mailadres").fill(email);
    await register.getByLabel("Wachtwoord", { exact: true }).fill(password);
    await register.getByLabel("Bevestig wachtwoord").fill("anders123");
    await register.getByRole("button", { name: "Registreren", exact: true }).click();
    await expect.poll(() => register.getByText("Wachtwoorden komen niet overeen").isVisible()).toBe(true);
    await register.getByLabel("Bevestig wachtwoord").fill(password);
    await register.getByRole("button", { name: "Registreren", exact: true }).click();
    await expect.poll(() => page.getByText("Registratie succesvol").first().isVisible()).toBe(true);
    // After registering, the dialog switches to login mode.
    await expect.poll(() => page.getByRole("dialog", { name: "Inloggen" }).isVisible()).toBe(true);

    // Signing in before confirming is refused with the reason.
    const again = page.getByRole("dialog", { name: "Inloggen" });
    await again.getByLabel("E-mailadres").fill(email);
    await again.getByLabel("Wachtwoord", { exact: true }).fill(password);
    await again.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect.poll(() => again.getByText(/nog niet bevestigd/).isVisible()).toBe(true);

    // The confirmation link from the captured e-mail, opened on another device.
    const link = await verificationLink(email);
    const otherDevice = await browser.newPage(DESKTOP);
    await otherDevice.goto(link);
    await otherDevice.waitForURL((url) => url.pathname === "/");

    await again.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect.poll(() => page.getByText("Succesvol ingelogd").first().isVisible()).toBe(true);
    await expect.poll(() => again.isVisible()).toBe(false);

    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("link", { name: "Account" }).click();
    await page.waitForURL("**/profile");
    expect(await page.getByLabel("E-mailadres").inputValue()).toBe(email);
    await page.getByLabel("Voornaam").fill("Sanne");
    await page.getByLabel("Achternaam").fill("de Vries");
    await page.getByLabel("Telefoonnummer").fill("06 12345678");
    // The profile page holds two forms (personal details, delivery address), each with its own "Opslaan".
    await page.getByRole("form", { name: "Profiel" }).getByRole("button", { name: "Opslaan" }).click();
    await expect.poll(() => page.getByText("Profiel bijgewerkt").first().isVisible()).toBe(true);
    await page.reload();
    expect(await page.getByLabel("Achternaam").inputValue()).toBe("de Vries");

    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect.poll(() => page.getByText("U bent uitgelogd").first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("keeps the account menu open when it was opened before the page finished loading", async () => {
    const email = uniqueEmail("vlot");
    await registerConfirmedUser(email, "trappen123");
    const page = await browser.newPage(PHONE);
    await signInOnLoginPage(page, email, "trappen123");

    // Hold back the menu's code, open the menu the browser way, then let the code arrive.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/signed-in-menu-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    const menuButton = page.getByRole("button", { name: "Account" });
    await menuButton.click();
    await expect.poll(() => page.getByRole("button", { name: "Uitloggen" }).isVisible()).toBe(true);

    release();
    // Hydrated once React has added aria-expanded to the button.
    await expect.poll(() => menuButton.getAttribute("aria-expanded")).not.toBeNull();
    expect(await page.getByRole("button", { name: "Uitloggen" }).isVisible()).toBe(true);
  });

  it("an admin deactivates a user, whose next request is signed out", async () => {
    const email = uniqueEmail("ruben");
    const password = "trappen123";
    await registerConfirmedUser(email, password);

    const user = await browser.newPage(DESKTOP);
    await signInOnLoginPage(user, email, password);
    await user.goto("/orders");
    expect(new URL(user.url()).pathname).toBe("/orders");

    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto("/admin?tab=users");
    const row = admin.getByRole("row", { name: new RegExp(email) });
    const deactivate = row.getByRole("button", { name: "Deactivate" });
    // Deactivate asks first (a dialog once hydrated).
    await expect.poll(() => deactivate.getAttribute("aria-haspopup")).toBe("dialog");
    await deactivate.click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Deactivate user" }).click();
    await expect.poll(() => row.getByRole("button", { name: "Reactivate" }).isVisible()).toBe(true);

    await user.goto("/orders");
    expect(new URL(user.url()).pathname).toBe("/");
    await expect.poll(() => user.getByRole("link", { name: "Account" }).isVisible()).toBe(true);
  });
});
