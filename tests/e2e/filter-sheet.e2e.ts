import path from "node:path";
import { describe, expect, it } from "vitest";
import { PHONE, useBrowser } from "./support/browser";

/** SCREENS_DIR=… npm run test:e2e -- filter-sheet: also saves the open filter sheet at 390 px. */
const SCREENS_DIR = process.env.SCREENS_DIR;

describe("the filter sheet on a phone", () => {
  const browser = useBrowser();

  it("keeps 'Filters toepassen' in view while the filters scroll, and applies a choice at once", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/products?cat=133");
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    const apply = sheet.getByRole("button", { name: "Filters toepassen" });

    const inView = async () => {
      const box = await apply.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    // The sheet holds more filters than fit on the screen, yet the button is in view at once…
    expect(await sheet.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(inView).toBe(true);
    if (SCREENS_DIR) await page.screenshot({ path: path.join(SCREENS_DIR, "filter-sheet-390.png") });
    // …and after scrolling to the top and the bottom of the list.
    await sheet.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(inView).toBe(true);
    await sheet.evaluate((el) => el.scrollTo(0, 0));
    await expect.poll(inView).toBe(true);

    // With JavaScript a choice applies at once; the sheet stays open for the next one.
    await sheet.getByRole("radio", { name: /^700x25c/ }).check();
    await page.waitForURL(/filter_4=700x25c/);
    await expect.poll(inView).toBe(true);
  });
});
