import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin } from "./support/accounts";

/**
 * SCREENS_DIR=/work/screens/carousel npm run test:e2e -- admin-carousel: also saves screenshots of
 * Homepage Carousel Beheer and its slide dialog at 390 and 1280 px (for looking at, not comparing).
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENS_DIR) return;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
}

/** A real 1×1 PNG: the upload checks the bytes, not the name. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f5d1b40000000049454e44ae426082",
  "hex",
);

/** The home page's carousel: the "Slide n: title" buttons name each active slide with its place. */
async function homeSlideNames(page: Page): Promise<string[]> {
  await page.goto("/");
  const group = page.getByRole("group", { name: "Kies een slide" });
  await expect.poll(() => group.isVisible()).toBe(true);
  const buttons = group.getByRole("button");
  const names: string[] = [];
  for (let i = 0; i < (await buttons.count()); i++) names.push((await buttons.nth(i).getAttribute("aria-label")) ?? "");
  return names;
}

async function toast(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

describe("admin: Homepage Carousel Beheer", () => {
  const browser = useBrowser();

  it("creates a slide with an uploaded image, reorders, deactivates and deletes it, and the home page follows", async () => {
    const title = `Zomerslide ${Date.now().toString(36)}`;
    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    const before = await homeSlideNames(admin);
    await admin.goto("/admin");
    await admin
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Homepage Content" })
      .click();
    await admin.waitForURL("**/admin/homepage");
    await expect.poll(() => admin.getByRole("heading", { name: "Homepage Carousel Beheer" }).isVisible()).toBe(true);
    await screenshot(admin, "carousel-1280");

    // A new slide: Save stays disabled until title and background image are there.
    await admin.getByRole("link", { name: "Nieuwe slide" }).click();
    const dialog = admin.getByRole("dialog", { name: "Nieuwe slide" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const save = dialog.getByRole("button", { name: "Opslaan" });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("Titel (verplicht)").fill(title);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("Highlight").fill("Zomer");
    await dialog.getByLabel("Tekst", { exact: true }).fill("Alles voor lange zomerritten.");
    await dialog
      .getByLabel(/Afbeelding uploaden/)
      .setInputFiles({ name: "zomer.png", mimeType: "image/png", buffer: PNG });
    await expect.poll(() => dialog.getByText("Afbeelding geüpload").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Afbeelding-URL").inputValue()).toMatch(
      /^\/uploads\/carousel\/[0-9a-f-]{36}\.webp$/,
    );
    await dialog.getByLabel("Knoptekst").fill("Naar de blog");
    await dialog.getByLabel("Knoplink").selectOption("/blog");
    expect(await save.isDisabled()).toBe(false);
    await screenshot(admin, "carousel-dialog-1280", { fullPage: false });
    await save.click();
    await toast(admin, "Slide is opgeslagen");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: title }) });
    await expect.poll(() => row.isVisible()).toBe(true);
    // Newest last: it cannot move down.
    expect(await row.getByRole("button", { name: `${title} omlaag` }).isDisabled()).toBe(true);

    const created = await homeSlideNames(admin);
    expect(created).toEqual([...before, `Slide ${before.length + 1}: ${title}`]);

    // Up twice: past the inactive demo slide, then past the last active one.
    await admin.goto("/admin/homepage");
    const place = async () => (await admin.getByRole("rowheader").allTextContents()).indexOf(title);
    const last = await place();
    for (let step = 1; step <= 2; step++) {
      await admin.getByRole("button", { name: `${title} omhoog` }).click();
      await expect.poll(place).toBe(last - step);
    }
    await toast(admin, "Volgorde is bijgewerkt");
    const moved = await homeSlideNames(admin);
    expect(moved.at(-2)).toBe(`Slide ${before.length}: ${title}`);

    // Deactivate: the switch turns off and the home page no longer shows it.
    await admin.goto("/admin/homepage");
    const active = admin.getByRole("switch", { name: `Actief: ${title}` });
    expect(await active.getAttribute("aria-checked")).toBe("true");
    await active.click();
    await toast(admin, "Slide is opgeslagen");
    await expect.poll(() => active.getAttribute("aria-checked")).toBe("false");
    expect((await homeSlideNames(admin)).some((name) => name.endsWith(title))).toBe(false);

    // Delete asks first.
    await admin.goto("/admin/homepage");
    await admin.getByRole("link", { name: `Verwijderen: ${title}` }).click();
    const ask = admin.getByRole("dialog", { name: "Slide verwijderen" });
    await expect.poll(() => ask.isVisible()).toBe(true);
    expect(await ask.getByText("Weet je zeker dat je deze slide wilt verwijderen?").isVisible()).toBe(true);
    await ask.getByRole("button", { name: "Verwijderen" }).click();
    await toast(admin, "Slide is verwijderd");
    await expect.poll(() => admin.getByRole("rowheader", { name: title }).count()).toBe(0);
    expect(await homeSlideNames(admin)).toEqual(before);
  });

  it("works on a phone: the slides as cards with their actions, and the dialog", async () => {
    const admin = await browser.newPage(PHONE);
    await signInAsAdmin(admin);
    await admin.goto("/admin/homepage");
    const first = admin
      .getByRole("row")
      .filter({ has: admin.getByRole("rowheader", { name: "Sportvoeding voor elke kilometer" }) });
    await expect.poll(() => first.isVisible()).toBe(true);
    for (const name of [/omlaag/, /Bewerken/, /Verwijderen/]) {
      const control = first.getByRole(name.source === "omlaag" ? "button" : "link", { name });
      expect(await control.isVisible()).toBe(true);
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await first.getByRole("switch").isVisible()).toBe(true);
    await screenshot(admin, "carousel-390");
    await first.getByRole("link", { name: /Bewerken/ }).click();
    const dialog = admin.getByRole("dialog", { name: "Slide bewerken" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Titel (verplicht)").inputValue()).toBe("Sportvoeding voor elke kilometer");
    await screenshot(admin, "carousel-dialog-390", { fullPage: false });
    await admin.keyboard.press("Escape");
    await admin.waitForURL(/\/admin\/homepage$/);
  });
});
