import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { GREYLISTED_PREFIX, mailsTo } from "../support/mailbox";
import { fakeClientAddress } from "./support/admin-pool";
import { signInAsAdmin, uniqueEmail } from "./support/accounts";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";

/**
 * SCREENS_DIR=/work/screens npx vitest run --config vitest.e2e.config.ts tests/e2e/admin-emails.e2e.ts:
 * also saves the E-mails list with the delivery banner, a mail's page and the list after the resend
 * at 390 and 1280 px (for looking at).
 */
const SCREENS_DIR = process.env.SCREENS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** Registers over HTTP as the shop's own form does: the shop writes the confirmation mail to its outbox. */
async function register(email: string) {
  const baseUrl = inject("baseUrl");
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
      "x-forwarded-for": fakeClientAddress(),
    },
    body: new URLSearchParams({
      intent: "register",
      email,
      password: "een-lang-wachtwoord-2026",
      confirmPassword: "een-lang-wachtwoord-2026",
    }).toString(),
  });
  expect(res.status, "registration answer").toBeLessThan(400);
}

const BANNER = /^E-mail is not being delivered: \d+ e-mails? failed and none has been delivered since\./;

describe("admin: E-mails", () => {
  const browser = useBrowser();

  it("resend of a mail: the admin sees the failed delivery, opens the mail, resends it and the mailbox receives it", async () => {
    // The loopback mail server greylists this address: the first delivery fails with 451, for real.
    const email = uniqueEmail(`${GREYLISTED_PREFIX}nieuw`);
    await register(email);

    // A phone first: the banner on every admin page, the list and the mail.
    const phone = await browser.newPage(PHONE);
    await signInAsAdmin(phone);
    await phone.goto(`/admin/emails?q=${encodeURIComponent(email)}`);
    const phoneBanner = phone.getByRole("status", { name: "E-mail delivery" });
    // The worker tries the mail within a second; each reload asks the server again.
    await expect
      .poll(async () => {
        await phone.reload();
        return (await phoneBanner.isVisible()) ? ((await phoneBanner.textContent()) ?? "") : "";
      })
      .toMatch(BANNER);
    expect(await phoneBanner.textContent()).toContain("Greylisted");
    const cards = phone.getByRole("list", { name: "E-mails" });
    await expect.poll(() => cards.getByText("Waiting (1 failed attempt)").isVisible()).toBe(true);
    await expect.poll(() => cards.getByText(email, { exact: true }).isVisible()).toBe(true);
    await screenshot(phone, "emails-banner-390");
    await cards.getByRole("link", { name: "Bevestig je e-mailadres" }).click();
    await phone.waitForURL(/\/admin\/emails\/\d+\?q=/);
    await expect
      .poll(() => phone.getByRole("heading", { name: "Bevestig je e-mailadres", level: 2 }).isVisible())
      .toBe(true);
    const phoneHtml = phone.frameLocator('iframe[title^="HTML part of e-mail"]');
    await expect
      .poll(() =>
        phoneHtml
          .getByText(/Bevestig/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(phone, "email-390");

    // The desktop: the same banner on another tab, the search, the mail as sent, and the resend.
    const admin = await browser.newPage(DESKTOP);
    await signInAsAdmin(admin);
    await admin.goto("/admin/orders");
    const banner = admin.getByRole("status", { name: "E-mail delivery" });
    await expect.poll(async () => (await banner.textContent()) ?? "").toMatch(BANNER);
    await banner.getByRole("link", { name: "Open E-mails" }).click();
    await admin.waitForURL("**/admin/emails");
    await expect.poll(() => admin.getByRole("heading", { name: "E-mails", level: 2 }).isVisible()).toBe(true);
    await screenshot(admin, "emails-banner-1280");

    await admin.getByRole("searchbox", { name: "Search" }).fill(email.toUpperCase());
    await admin.getByRole("search", { name: "Filter e-mails" }).getByRole("button", { name: "Filter" }).click();
    await admin.waitForURL(/\/admin\/emails\?(status=&)?q=/);
    const table = admin.getByRole("region", { name: "E-mails table" });
    await expect.poll(() => table.getByRole("link").count()).toBe(1);
    await table.getByRole("link", { name: "Bevestig je e-mailadres" }).click();
    await admin.waitForURL(/\/admin\/emails\/\d+\?q=/);
    const originalId = Number(/\/admin\/emails\/(\d+)/.exec(admin.url())![1]);
    await expect.poll(() => admin.getByText("Waiting (1 failed attempt)").isVisible()).toBe(true);
    await expect
      .poll(() =>
        admin
          .getByRole("definition")
          .filter({ hasText: /451 4\.7\.1 Greylisted/ })
          .isVisible(),
      )
      .toBe(true);
    // The HTML part as the recipient sees it, in its sandboxed frame.
    const html = admin.frameLocator(`iframe[title="HTML part of e-mail #${originalId}"]`);
    await expect
      .poll(() =>
        html
          .getByText(/Bevestig/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(admin, "email-1280");

    await admin.getByRole("link", { name: "Resend" }).click();
    const dialog = admin.getByRole("dialog", { name: "Resend this e-mail?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Resend e-mail" }).click();
    await admin.waitForURL(/\/admin\/emails\/\d+$/);
    const copyId = Number(/\/admin\/emails\/(\d+)$/.exec(admin.url())![1]);
    expect(copyId).toBeGreaterThan(originalId);
    await expect.poll(() => admin.getByText("E-mail queued again").isVisible()).toBe(true);
    await expect.poll(() => admin.getByRole("link", { name: `E-mail #${originalId}` }).isVisible()).toBe(true);

    // The mailbox on loopback receives the copy (its outbox id in the mail's header).
    await expect
      .poll(async () => (await mailsTo(inject("mailboxUrl"), email)).map((m) => m.outboxId), { timeout: 15_000 })
      .toContain(copyId);

    // Delivered: the copy reads Sent, and the banner is gone from every admin page.
    await expect
      .poll(async () => {
        await admin.reload();
        return admin
          .getByText(/^Sent$/)
          .first()
          .isVisible();
      })
      .toBe(true);
    expect(await admin.getByRole("status", { name: "E-mail delivery" }).count()).toBe(0);
    await admin.goto(`/admin/emails?q=${encodeURIComponent(email)}`);
    await expect.poll(() => table.getByRole("link").count()).toBe(2);
    expect(await admin.getByRole("status", { name: "E-mail delivery" }).count()).toBe(0);
    await screenshot(admin, "emails-after-resend-1280");
  });
});
