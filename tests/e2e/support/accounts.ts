import { expect, inject } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_ADMIN_PASSWORD } from "../../../app/db/seed/demo-admin.server";
import { linkIn, mailsTo, type CapturedMail } from "../../support/mailbox";
import { E2E_ADMIN_POOL, e2eAdminEmail, fakeClientAddress, type OwnAdmin } from "./admin-pool";

let counter = 0;

/** A fresh address per journey: the browser tests share one database. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.nl`;
}

/** Waits until the shop's mail (through the outbox worker and SMTP) has reached the mailbox. */
export async function waitForMail(to: string, subject: RegExp): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(inject("mailboxUrl"), to)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The verification link in the confirmation mail sent to `to`. */
export async function verificationLink(to: string): Promise<string> {
  const mail = await waitForMail(to, /Bevestig je e-mailadres/);
  const link = linkIn(mail, `${inject("baseUrl")}/api/auth/verify-email`);
  expect(link, "verification link in the mail").toBeTruthy();
  return link!;
}

/** Registers over HTTP as the shop's own form does, then opens the confirmation link. */
export async function registerConfirmedUser(email: string, password: string) {
  const baseUrl = inject("baseUrl");
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
      "x-forwarded-for": fakeClientAddress(),
    },
    body: new URLSearchParams({ intent: "register", email, password, confirmPassword: password }).toString(),
  });
  expect(res.status, "registration answer").toBeLessThan(400);
  const link = await verificationLink(email);
  const confirmed = await fetch(link, { redirect: "manual" });
  expect(confirmed.status).toBe(302);
}

/** Signs in on the /login page (works without the dialog). */
export async function signInOnLoginPage(page: Page, email: string, password: string) {
  await page.goto("/login");
  const form = page.getByRole("main");
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Inloggen", exact: true }).click();
  // Checking the password is deliberately slow work: on a busy 2-core machine (other test passes
  // beside this one) the answer took over 5 s. A limit for a hang; a quick answer passes at once.
  await expect.poll(() => page.getByText("Succesvol ingelogd").first().isVisible(), { timeout: 20_000 }).toBe(true);
}

/**
 * Signs in on the /login page as one of the browser tests' admins (picked at random from the pool,
 * so no single account reaches its sign-in limit); returns the admin's e-mail address.
 */
export async function signInAsAdmin(page: Page): Promise<string> {
  const email = e2eAdminEmail(Math.floor(Math.random() * E2E_ADMIN_POOL));
  await signInOnLoginPage(page, email, DEMO_ADMIN_PASSWORD);
  return email;
}

/** Signs in as an admin no other journey uses (see E2E_OWN_ADMINS); returns its e-mail address. */
export async function signInAsOwnAdmin(page: Page, name: OwnAdmin): Promise<string> {
  const email = e2eAdminEmail(name);
  await signInOnLoginPage(page, email, DEMO_ADMIN_PASSWORD);
  return email;
}
