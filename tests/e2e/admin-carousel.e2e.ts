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

/** Today's calendar day in Amsterdam plus `days`, as the date field takes it (yyyy-mm-dd). */
function amsterdamDayPlus(days: number): string {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
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
    await admin.getByRole("link", { name: "New slide" }).click();
    const dialog = admin.getByRole("dialog", { name: "New slide" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const save = dialog.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("Title (required)").fill(title);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("Highlight").fill("Zomer");
    await dialog.getByLabel("Text", { exact: true }).fill("Alles voor lange zomerritten.");
    await dialog.getByLabel(/Upload an image/).setInputFiles({ name: "zomer.png", mimeType: "image/png", buffer: PNG });
    await expect.poll(() => dialog.getByText("Image uploaded").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Image URL").inputValue()).toMatch(/^\/uploads\/carousel\/[0-9a-f-]{36}\.webp$/);
    await dialog.getByLabel("Button text").fill("Naar de blog");
    // The link is chosen by name from suggestions, with the keyboard.
    const link = dialog.getByRole("combobox", { name: "Button link" });
    await link.fill("blo");
    const suggestion = dialog.getByRole("option", { name: /^Blog/ });
    await expect.poll(() => suggestion.isVisible()).toBe(true);
    await link.press("ArrowDown");
    await link.press("Enter");
    await expect.poll(() => suggestion.isVisible()).toBe(false);
    expect(await dialog.getByText("/blog", { exact: true }).isVisible()).toBe(true);
    expect(await save.isDisabled()).toBe(false);
    await screenshot(admin, "carousel-dialog-1280", { fullPage: false });
    await save.click();
    await toast(admin, "Slide is opgeslagen");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: new RegExp(`^${title}`) }) });
    await expect.poll(() => row.isVisible()).toBe(true);
    // Newest last: it cannot move down.
    expect(await row.getByRole("button", { name: `Move ${title} down` }).isDisabled()).toBe(true);

    const created = await homeSlideNames(admin);
    expect(created).toEqual([...before, `Slide ${before.length + 1}: ${title}`]);

    // One step up with the arrow, then to the top in one step with its Position field.
    await admin.goto("/admin/homepage");
    const place = async () =>
      (await admin.getByRole("rowheader").allTextContents()).findIndex((text) => text.startsWith(title));
    const last = await place();
    await admin.getByRole("button", { name: `Move ${title} up` }).click();
    await expect.poll(place).toBe(last - 1);
    await toast(admin, "Volgorde is bijgewerkt");
    await admin.getByLabel(`Position of ${title}`).selectOption("1");
    await admin.getByRole("button", { name: `Move ${title} to the chosen position` }).click();
    await expect.poll(place).toBe(0);
    const moved = await homeSlideNames(admin);
    expect(moved[0]).toBe(`Slide 1: ${title}`);
    expect(moved.length).toBe(before.length + 1);

    // A start date tomorrow: the table says Scheduled and the home page leaves it out until then.
    await admin.goto(`/admin/homepage`);
    await admin.getByRole("link", { name: `Edit: ${title}` }).click();
    const edit = admin.getByRole("dialog", { name: "Edit slide" });
    await expect.poll(() => edit.isVisible()).toBe(true);
    await edit.getByLabel("Start date").fill(amsterdamDayPlus(1));
    await screenshot(admin, "carousel-dialog-dates-1280", { fullPage: false });
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(admin, "Slide is opgeslagen");
    const scheduledRow = admin.getByRole("rowheader").filter({ hasText: title });
    await expect.poll(() => scheduledRow.textContent()).toContain("Scheduled");
    await screenshot(admin, "carousel-scheduled-1280");
    expect((await homeSlideNames(admin)).some((name) => name.endsWith(title))).toBe(false);
    await admin.goto(`/admin/homepage`);
    await admin.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect.poll(() => edit.isVisible()).toBe(true);
    await edit.getByLabel("Start date").fill("");
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(admin, "Slide is opgeslagen");
    await expect.poll(async () => (await homeSlideNames(admin))[0]).toBe(`Slide 1: ${title}`);

    // Deactivate: the switch turns off and the home page no longer shows it.
    await admin.goto("/admin/homepage");
    const active = admin.getByRole("switch", { name: `Active: ${title}` });
    expect(await active.getAttribute("aria-checked")).toBe("true");
    await active.click();
    await toast(admin, "Slide is opgeslagen");
    await expect.poll(() => active.getAttribute("aria-checked")).toBe("false");
    expect((await homeSlideNames(admin)).some((name) => name.endsWith(title))).toBe(false);

    // Delete asks first.
    await admin.goto("/admin/homepage");
    await admin.getByRole("link", { name: `Delete: ${title}` }).click();
    const ask = admin.getByRole("dialog", { name: "Delete slide" });
    await expect.poll(() => ask.isVisible()).toBe(true);
    expect(await ask.getByText("Are you sure you want to delete this slide?").isVisible()).toBe(true);
    await ask.getByRole("button", { name: "Delete" }).click();
    await toast(admin, "Slide is verwijderd");
    await expect.poll(() => admin.getByRole("rowheader").filter({ hasText: title }).count()).toBe(0);
    expect(await homeSlideNames(admin)).toEqual(before);
  });

  it("works on a phone: the slides as cards with their actions, and the dialog", async () => {
    const admin = await browser.newPage(PHONE);
    await signInAsAdmin(admin);
    await admin.goto("/admin/homepage");
    const first = admin
      .getByRole("row")
      .filter({ has: admin.getByRole("rowheader", { name: /^Sportvoeding voor elke kilometer/ }) });
    await expect.poll(() => first.isVisible()).toBe(true);
    for (const name of [/down$/, /^Edit/, /^Delete/]) {
      const control = first.getByRole(name.source === "down$" ? "button" : "link", { name });
      expect(await control.isVisible()).toBe(true);
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await first.getByRole("switch").isVisible()).toBe(true);
    await screenshot(admin, "carousel-390");
    await first.getByRole("link", { name: /Edit/ }).click();
    const dialog = admin.getByRole("dialog", { name: "Edit slide" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Title (required)").inputValue()).toBe("Sportvoeding voor elke kilometer");
    await screenshot(admin, "carousel-dialog-390", { fullPage: false });
    await admin.keyboard.press("Escape");
    await admin.waitForURL(/\/admin\/homepage$/);
  });
});
