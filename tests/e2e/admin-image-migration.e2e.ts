import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/accounts";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";

/**
 * SCREENS_DIR=/work/screens/images npm run test:e2e -- admin-image-migration: also saves screenshots
 * of Statistics and the Migration Tool at 390 and 1280 px.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** The Migration Tool's progress line (a live status region) once it says `text`. */
async function waitForProgress(page: Page, text: RegExp) {
  await expect
    .poll(() => page.getByRole("status").filter({ hasText: text }).first().isVisible(), { timeout: 60_000 })
    .toBe(true);
}

describe("admin: image migration", () => {
  const browser = useBrowser();

  it("shows the statistics, runs one batch and continues with the next", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsAdmin(page);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Image Migration Tool" }).click();
    await page.waitForURL("**/admin/image-migration");
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Image Migration Tool" }).isVisible())
      .toBe(true);

    const sections = page.getByRole("navigation", { name: "Image migration sections" });
    await sections.getByRole("link", { name: "Statistics" }).click();
    await page.waitForURL("**/admin/image-migration?tab=statistics");
    const external = page.getByRole("definition").first();
    await expect.poll(() => page.getByText("Images on external URLs", { exact: true }).isVisible()).toBe(true);
    // The demo keeps every 20th product's images on the test supplier: there is work to do.
    expect(Number(await external.textContent())).toBeGreaterThan(0);
    await screenshot(page, "statistics-1280");

    await sections.getByRole("link", { name: "Migration Tool" }).click();
    await page.waitForURL("**/admin/image-migration?tab=tool");
    const batchSize = page.getByRole("spinbutton", { name: "Batch size" });
    expect(await batchSize.inputValue()).toBe("10");
    await batchSize.fill("2");
    await page.getByRole("button", { name: "Start Migration" }).click();
    await waitForProgress(page, /Batch \d+ finished\. Last processed ArtNo: 10021\. More products remain/);
    const table = page.getByRole("table");
    // Header + two products: 10001 (one of its supplier photos is missing) and 10021.
    await expect.poll(() => table.getByRole("row").count()).toBe(3);
    const first = table.getByRole("row").filter({ hasText: "10001" });
    expect(await first.getByText("error", { exact: true }).isVisible()).toBe(true);
    expect(await first.getByText(/1 of \d images? failed: .*10001-9\.jpg: HTTP 404/).isVisible()).toBe(true);
    const second = table.getByRole("row").filter({ hasText: "10021" });
    expect(await second.getByText("success", { exact: true }).isVisible()).toBe(true);
    expect(
      await second
        .getByText(/\/media\/images\/10021-[0-9a-f]{16}-800\.webp/)
        .first()
        .isVisible(),
    ).toBe(true);
    await screenshot(page, "migration-tool-1280");

    await page.getByRole("button", { name: "Continue Migration" }).click();
    await waitForProgress(page, /Last processed ArtNo: 10061\. More products remain/);
    await expect.poll(() => table.getByRole("row").count()).toBe(5);
    expect(
      await table.getByRole("row").filter({ hasText: "10041" }).getByText("success", { exact: true }).isVisible(),
    ).toBe(true);

    // The migrated product shows the shop's own WebP copy.
    const image = await page.request.get(
      (await second
        .getByText(/\/media\/images\//)
        .first()
        .textContent())!.trim(),
    );
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");

    // The phone layout: results as cards, the buttons reachable.
    const phone = await browser.newPage(PHONE);
    await signInAsAdmin(phone);
    await phone.goto("/admin/image-migration");
    await expect
      .poll(() =>
        phone
          .getByRole("list", { name: "Results" })
          .getByRole("link", { name: /^ArtNo / })
          .count(),
      )
      .toBe(4);
    expect(await phone.getByRole("button", { name: "Continue Migration" }).isVisible()).toBe(true);
    await screenshot(phone, "migration-tool-390");
    await phone.goto("/admin/image-migration?tab=statistics");
    await expect.poll(() => phone.getByText("Images on external URLs", { exact: true }).isVisible()).toBe(true);
    await screenshot(phone, "statistics-390");

    // Reset asks first, then clears the results: the next batch starts from the first product.
    await page.getByText("Reset", { exact: true }).click();
    const clear = page.getByRole("button", { name: "Clear all results" });
    await expect.poll(() => clear.isVisible()).toBe(true);
    await screenshot(page, "reset-confirm-1280");
    await clear.click();
    await expect.poll(() => page.getByRole("button", { name: "Start Migration" }).isVisible()).toBe(true);
    expect(await page.getByRole("table").count()).toBe(0);
  });
});
