import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";
import { signInAsAdmin } from "./support/accounts";

/**
 * The SFTP and FTP tabs against the demo's loopback servers (started by the e2e set-up as by
 * `npm start`). SCREENS_DIR=/work/screens/connections2 also saves screenshots at 390 and 1280 px.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

describe("admin: SFTP and FTP", () => {
  const browser = useBrowser();

  it("SFTP: accepts the host key, tests, shows the logs and downloads a retrieved file", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsAdmin(page);
    await page.goto("/admin/sftp");
    await expect.poll(() => page.getByRole("textbox", { name: "Host", exact: true }).inputValue()).toBe("127.0.0.1");
    await expect.poll(() => page.getByRole("textbox", { name: "Port", exact: true }).inputValue()).toMatch(/^\d+$/);
    await page.getByRole("button", { name: "Test", exact: true }).click();
    const accept = page.getByRole("button", { name: "Accept host key" });
    await expect.poll(() => accept.isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/^SHA256:/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await accept.click();
    await expect.poll(() => page.getByText("Host key accepted").first().isVisible()).toBe(true);
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await expect.poll(() => page.getByText("SFTP Connection Successful").first().isVisible()).toBe(true);
    const log = page.getByRole("log", { name: "SFTP log" });
    await expect.poll(() => log.textContent()).toContain("Fetched");
    await screenshot(page, "sftp-logs-1280");

    await page.reload();
    await page.getByRole("tab", { name: "Retrieved files" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download voorraad.csv" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("voorraad.csv");
    await screenshot(page, "sftp-files-1280");

    const phone = await browser.newPage(PHONE);
    await signInAsAdmin(phone);
    await phone.goto("/admin/sftp");
    await expect.poll(() => phone.getByRole("textbox", { name: "Host", exact: true }).isVisible()).toBe(true);
    await screenshot(phone, "sftp-390");
  });

  it("FTP: lists the folder with the CSV files grouped and sends an XML request", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInAsAdmin(page);
    await page.goto("/admin/ftp");
    await expect.poll(() => page.getByRole("textbox", { name: "Host", exact: true }).inputValue()).toBe("127.0.0.1");
    await page.getByRole("tab", { name: "List files" }).click();
    await page.getByRole("button", { name: "List files" }).click();
    const table = page.getByRole("table", { name: "Files on the FTP server" });
    await expect.poll(() => table.isVisible()).toBe(true);
    await expect.poll(() => table.getByRole("rowheader", { name: "CSV files (2)" }).isVisible()).toBe(true);
    await expect.poll(() => table.getByRole("cell", { name: "voorraad.csv" }).isVisible()).toBe(true);
    await screenshot(page, "ftp-list-1280");

    // Open a folder, download a file from it, and go up again.
    await table.getByRole("button", { name: "Open folder feeds" }).click();
    await expect
      .poll(() => page.getByRole("navigation", { name: "Folder path" }).textContent())
      .toMatch(/^\/\s*feeds$/);
    await expect.poll(() => page.getByRole("textbox", { name: "Folder", exact: true }).inputValue()).toBe("/feeds");
    await expect.poll(() => table.getByRole("rowheader", { name: "CSV files (1)" }).isVisible()).toBe(true);
    const download = page.waitForEvent("download");
    await table.getByRole("link", { name: "Download voorraad.csv" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("voorraad.csv");
    const saved = await file.path();
    expect(fs.readFileSync(saved, "utf8")).toMatch(/^ArtNo;ArtQuantity;Status\n/);
    await screenshot(page, "ftp-folder-1280");
    await page.getByRole("button", { name: "Up" }).click();
    await expect.poll(() => table.getByRole("rowheader", { name: "CSV files (2)" }).isVisible()).toBe(true);

    await page.getByRole("tab", { name: "XML request" }).click();
    const xml = page.getByLabel("XML document");
    const send = page.getByRole("button", { name: "Send XML request" });
    await xml.fill("");
    await expect.poll(() => send.isDisabled()).toBe(true);
    await xml.fill("<Order><Reference>E2E-1</Reference></Order>");
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await expect.poll(() => page.getByText("FTP Connection Successful").first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/<Reference>E2E-1<\/Reference>/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, "ftp-xml-1280");
    await page.getByRole("tab", { name: "Logs" }).click();
    await expect.poll(() => page.getByRole("log", { name: "FTP log" }).textContent()).toContain("Sent");
    await screenshot(page, "ftp-logs-1280");

    const phone = await browser.newPage(PHONE);
    await signInAsAdmin(phone);
    await phone.goto("/admin/ftp");
    await phone.getByRole("tab", { name: "List files" }).click();
    await phone.getByRole("button", { name: "List files" }).click();
    await expect.poll(() => phone.getByRole("table", { name: "Files on the FTP server" }).isVisible()).toBe(true);
    await screenshot(phone, "ftp-list-390");
    await phone.getByRole("button", { name: "Open folder feeds" }).click();
    await expect.poll(() => phone.getByRole("textbox", { name: "Folder", exact: true }).inputValue()).toBe("/feeds");
    await expect.poll(() => phone.getByRole("link", { name: "Download voorraad.csv" }).isVisible()).toBe(true);
    await screenshot(phone, "ftp-folder-390");
  });
});
