import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { pdfText, vatRows } from "../support/pdf-text";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin, uniqueEmail } from "./support/accounts";
import { payAsGuest } from "./support/shopping";

/**
 * SCREENS_DIR=/work/screens/reports npx vitest run --config vitest.e2e.config.ts tests/e2e/admin-reports.e2e.ts:
 * also saves each report at 390 and 1280 px (for looking at).
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Today as the report's heading writes it: "27 Nov 2026". */
const todayText = `${Number(today.slice(8))} ${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;

/** "€ 1.234,56" (the first amount in a text) in cents. */
const cents = (text: string) => {
  const match = /(-?)€\s*(-?)([\d.]+),(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in ${text}`);
  const value = Number(match[3]!.replaceAll(".", "")) * 100 + Number(match[4]);
  return match[1] || match[2] ? -value : value;
};

type Figures = { invoices: number; rates: Record<string, { turnover: number; vat: number }> };

/** What the VAT report on the page says: the invoice count and, per rubric row, turnover and VAT. */
async function figuresOn(page: Page): Promise<Figures> {
  const summary = page.getByText(/invoices? and \d+ credit notes? dated in this period/);
  await expect.poll(() => summary.isVisible()).toBe(true);
  const invoices = Number(/^(\d+) invoice/.exec((await summary.textContent())!)![1]);
  const rates: Figures["rates"] = {};
  for (const rubric of ["1a · 21 %", "1b · 9 %"]) {
    const row = page.getByRole("region", { name: "VAT return rubrics" }).getByRole("row", { name: new RegExp(rubric) });
    const cells = row.getByRole("cell");
    rates[rubric] = {
      turnover: cents((await cells.nth(0).textContent())!),
      vat: cents((await cells.nth(1).textContent())!),
    };
  }
  return { invoices, rates };
}

async function chooseToday(page: Page) {
  const period = page.getByRole("form", { name: "Report period" });
  await period.getByLabel("From").fill(today);
  await period.getByLabel("To").fill(today);
  await period.getByRole("button", { name: "Show report" }).click();
  await page.waitForURL(new RegExp(`from=${today}&to=${today}`));
  // The URL changes before the report arrives: wait for the report of this period.
  await expect.poll(() => page.getByText(`${todayText} – ${todayText}`).isVisible()).toBe(true);
}

describe("admin: Reports", () => {
  const browser = useBrowser();

  it("the VAT report matching the invoices of a test period", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto("/admin/orders");
    await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Reports" }).click();
    await admin.waitForURL("**/admin/reports");
    await expect.poll(() => admin.getByRole("heading", { name: "Reports", level: 2 }).isVisible()).toBe(true);
    // The period is today: the report before the shopper pays.
    await chooseToday(admin);
    const before = await figuresOn(admin);

    // A shopper pays an order; its invoice is dated today.
    const email = uniqueEmail("btw-rapport");
    const number = await payAsGuest(await browser.newPage(PHONE), { email, firstName: "Bram" });
    await admin.goto(`/admin/orders?q=${number}`);
    await admin
      .getByRole("link", { name: `Details order ${number}` })
      .first()
      .click();
    const dialog = admin.getByRole("dialog", { name: "Bestelling Details" });
    const invoiceLink = dialog.getByRole("link", { name: /^Factuur \d{6} \(PDF\)$/ });
    await expect.poll(() => invoiceLink.isVisible()).toBe(true);
    const [invoiceFile] = await Promise.all([admin.waitForEvent("download"), invoiceLink.click()]);
    const invoice = await pdfText(new Uint8Array(await fs.readFile((await invoiceFile.path())!)));
    const printed = invoice.split("\n").filter((line) => line.trim() !== "");
    const invoiceTotal = cents(printed[printed.indexOf("Totaal") + 1]!);
    const [[vatLabel, vatAmount]] = vatRows(invoice) as [[string, string]];
    const rubric = vatLabel === "Waarvan btw 21%" ? "1a · 21 %" : "1b · 9 %";
    const other = rubric === "1a · 21 %" ? "1b · 9 %" : "1a · 21 %";

    // The report again, chosen with a preset and then the dates: one invoice more; its rate's VAT
    // went up by the VAT the invoice prints and the turnover by its total less that VAT.
    await admin.goto("/admin/reports");
    await admin.getByRole("navigation", { name: "Periods" }).getByRole("link", { name: "This month" }).click();
    await chooseToday(admin);
    const after = await figuresOn(admin);
    expect(after.invoices - before.invoices).toBe(1);
    expect(after.rates[rubric]!.vat - before.rates[rubric]!.vat).toBe(cents(vatAmount));
    expect(after.rates[rubric]!.turnover - before.rates[rubric]!.turnover).toBe(invoiceTotal - cents(vatAmount));
    expect(after.rates[other]).toEqual(before.rates[other]);
    await screenshot(admin, "reports-vat-1280");

    // The CSV says what the page says.
    const [csvFile] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toBe(`vat-return-${today}-to-${today}.csv`);
    const csv = (await fs.readFile((await csvFile.path())!, "utf8")).split("\r\n");
    const euro = (c: number) =>
      `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)},${String(Math.abs(c) % 100).padStart(2, "0")}`;
    expect(csv[1]).toBe(`Invoices;${after.invoices}`);
    const line21 = csv.find((line) => line.startsWith("1a;"))!.split(";");
    expect([line21[7], line21[8]]).toEqual([
      euro(after.rates["1a · 21 %"]!.turnover),
      euro(after.rates["1a · 21 %"]!.vat),
    ]);
    const line9 = csv.find((line) => line.startsWith("1b;"))!.split(";");
    expect([line9[7], line9[8]]).toEqual([euro(after.rates["1b · 9 %"]!.turnover), euro(after.rates["1b · 9 %"]!.vat)]);

    // The other reports of the period, for looking at.
    const reports = admin.getByRole("navigation", { name: "Reports" });
    for (const [name, file] of [
      ["Refunds", "refunds"],
      ["Coupon use", "coupons"],
      ["Best-selling products", "products"],
    ] as const) {
      await reports.getByRole("link", { name }).click();
      await expect.poll(() => admin.getByRole("heading", { name, level: 3 }).isVisible()).toBe(true);
      expect(admin.url()).toContain(`from=${today}&to=${today}`);
      await screenshot(admin, `reports-${file}-1280`);
    }
    const products = admin.getByRole("region", { name: "Best-selling products table" });
    await expect.poll(() => products.getByRole("row").count()).toBeGreaterThan(1);

    // On a phone: the same figures, the tables scroll sideways inside their box.
    const phone = await browser.newPage(PHONE);
    await signInAsAdmin(phone);
    await phone.goto(`/admin/reports?from=${today}&to=${today}`);
    expect(await figuresOn(phone)).toEqual(after);
    const box = phone.getByRole("region", { name: "VAT return rubrics" });
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect((await box.boundingBox())!.width).toBeLessThanOrEqual(390);
    await screenshot(phone, "reports-vat-390");
    for (const report of ["refunds", "coupons", "products"]) {
      await phone.goto(`/admin/reports?from=${today}&to=${today}&report=${report}`);
      await expect.poll(() => phone.getByRole("link", { name: "Download CSV" }).isVisible()).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(phone, `reports-${report}-390`);
    }
  });
});
