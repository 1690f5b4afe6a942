import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PRODUCT_COUNT, generateProducts } from "../../app/db/seed/product-generator";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin } from "./support/accounts";

/** SCREENS_DIR=… npm run test:e2e -- admin-feeds: also saves the feed pages at 390 and 1280 px. */
const SCREENS_DIR = process.env.SCREENS_DIR;
async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** Listed demo products that are sold out, in catalogue order (others tests use the first two and the last). */
const soldOut = [...generateProducts(DEMO_PRODUCT_COUNT)].filter(
  (p) =>
    p.status === 1 &&
    p.brand &&
    p.shortDescription &&
    (p.consumerPriceCents ?? 0) > 0 &&
    p.stockQuantity !== null &&
    p.stockQuantity <= 0,
);

describe("admin: Supplier Feeds", () => {
  const browser = useBrowser();

  it("uploads a stock feed, reads the report, and the shop shows the new stock", async () => {
    const product = soldOut.at(-2)!;
    const shopper = await browser.newPage(PHONE);
    await shopper.goto(`/product/${product.artNo}`);
    await expect.poll(() => shopper.getByText("Niet op voorraad").first().isVisible()).toBe(true);

    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto("/admin/feeds");
    await screenshot(admin, "feeds-1280");
    const upload = admin.getByRole("region", { name: "Import a file" });
    await upload.getByRole("radio", { name: "Stock feed" }).check();
    await upload.getByLabel("File (CSV or XML)").setInputFiles({
      name: "voorraad-vandaag.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`ArtNo;ArtQuantity;Status\n${product.artNo};25;leverbaar\n99999999;3;leverbaar\n`),
    });
    await upload.getByRole("button", { name: "Upload and import" }).click();

    // The report page: it follows the run until it is done.
    const report = admin.getByRole("article", { name: /^Import #\d+: Stock feed/ });
    await expect.poll(() => report.getByText("Done", { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    const count = (label: string) =>
      admin
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::dd[1]");
    expect(await count("Rows read").textContent()).toBe("2");
    expect(await count("Changed").textContent()).toBe("1");
    expect(await count("Rejected").textContent()).toBe("1");
    const rejected = admin.getByRole("table").getByRole("row").filter({ hasText: "99999999" });
    expect(await rejected.textContent()).toContain("is not a product of the shop");
    await screenshot(admin, "feed-report-1280");

    await shopper.reload();
    await expect.poll(() => shopper.getByText("Op voorraad").first().isVisible()).toBe(true);
    expect(await shopper.getByText("Niet op voorraad").count()).toBe(0);
  });

  it("schedules an import from the FTP server and sees it run, on a phone", async () => {
    const page = await browser.newPage(PHONE);
    await signInAsAdmin(page);
    await page.goto("/admin/feeds");
    await screenshot(page, "feeds-390");
    const remote = page.getByRole("region", { name: "Import from the supplier's server" });
    await remote.getByLabel("Server", { exact: true }).selectOption("ftp");
    await remote.getByLabel("File on the server").fill("/feeds/voorraad.csv");
    await remote.getByRole("radio", { name: "Stock feed" }).check();
    await remote.getByLabel("Every (minutes)").fill("15");
    await remote.getByLabel("First run now").check();
    await remote.getByRole("button", { name: "Save as schedule" }).click();
    await expect.poll(() => page.getByText("Schedule saved").first().isVisible()).toBe(true);

    const schedules = page.getByRole("region", { name: "Schedules" });
    await expect.poll(() => schedules.getByText("/feeds/voorraad.csv").isVisible()).toBe(true);
    await expect.poll(() => schedules.getByText(/Every 15 minutes/).isVisible()).toBe(true);
    const lastRun = schedules.getByRole("link", { name: /^last run #\d+$/ });
    const runId = (await lastRun.textContent())!.replace(/\D/g, "");
    await lastRun.click();
    const report = page.getByRole("article", { name: new RegExp(`^Import #${runId}: Stock feed`) });
    await expect.poll(() => report.getByText("Done", { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, "feed-report-390");
    expect(await report.getByText(/from the FTP server/).textContent()).toContain("scheduled");
    expect(
      await report
        .getByRole("term")
        .filter({ hasText: "Rows read" })
        .locator("xpath=following-sibling::dd[1]")
        .textContent(),
    ).toBe("5");

    // Tidy up: pause the schedule, as an admin would, so it does not run again during the other tests.
    await page.goto("/admin/feeds");
    await page.getByRole("region", { name: "Schedules" }).getByRole("button", { name: "Pause" }).click();
    await expect.poll(() => page.getByText("paused").first().isVisible()).toBe(true);
  });
});
