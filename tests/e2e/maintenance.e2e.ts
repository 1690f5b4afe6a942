import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin } from "./support/accounts";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../../app/db/seed/demo-admin.server";

describe("maintenance mode", () => {
  const browser = useBrowser();

  it("an admin switches it on, a guest sees the maintenance screen and an admin signs in from it", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto("/admin?tab=settings");
    const toggle = admin.getByRole("switch", { name: "Onderhoudsmodus" });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await expect.poll(() => admin.getByText("Onderhoudsmodus ingeschakeld").first().isVisible()).toBe(true);

    try {
      const guest = await browser.newPage(PHONE, { expectedStatuses: [503] });
      const response = await guest.goto("/products?cat=8");
      expect(response?.status()).toBe(503);
      const signIn = guest.getByRole("button", { name: "Inloggen als beheerder" });
      await expect.poll(() => signIn.isVisible()).toBe(true);
      expect(await guest.getByRole("navigation", { name: /hoofdmenu/i }).count()).toBe(0);

      await signIn.click();
      const dialog = guest.getByRole("dialog", { name: "Inloggen als beheerder" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // Only an admin can get in now: no registering, no Strava.
      expect(await dialog.getByRole("button", { name: "Registreer hier" }).count()).toBe(0);
      expect(await dialog.getByRole("button", { name: /Strava/ }).count()).toBe(0);
      await dialog.getByLabel("E-mailadres").fill(DEMO_ADMIN_EMAIL);
      await dialog.getByLabel("Wachtwoord", { exact: true }).fill(DEMO_ADMIN_PASSWORD);
      await dialog.getByRole("button", { name: "Inloggen", exact: true }).click();
      await expect.poll(() => signIn.isVisible()).toBe(false);
      await expect
        .poll(() => guest.getByRole("heading", { level: 1 }).first().textContent())
        .toMatch(/Fietsonderdelen/);
    } finally {
      await admin.goto("/admin?tab=settings");
      await admin.getByRole("switch", { name: "Onderhoudsmodus" }).click();
      await expect.poll(() => admin.getByText("Onderhoudsmodus uitgeschakeld").first().isVisible()).toBe(true);
    }
  });
});
