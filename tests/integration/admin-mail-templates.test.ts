import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase } from "../support/db";
import { expectAdminOnly } from "../support/refusals";
import { signedInUser } from "../support/users";

/** The page's visible text, tags removed, entities read, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

describe("the mail templates under the E-mails tab", () => {
  let database: Database;
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let shopper: Awaited<ReturnType<typeof signedInUser>>;
  const asAdmin = (path: string) => app.get(path, { headers: { cookie: admin.cookie } });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.db);
    admin = await signedInUser(app, database.db, { role: "admin", email: "sjabloonbeheer@trapkracht.test" });
    shopper = await signedInUser(app, database.db, { email: "benieuwd@example.nl" });
    // A database, an app and two sign-ins (scrypt): on a loaded 2-core machine more than the default minute.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("lists every mail the shop sends, with who gets it and its subject, privately", async () => {
    const res = await asAdmin("/admin/emails/templates");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const page = text(await res.text());
    for (const name of [
      "Order confirmation",
      "Order in progress",
      "Order shipped",
      "Order sent by the supplier",
      "Order completed",
      "Order cancelled",
      "Refund",
      "Withdrawal confirmation",
      "Back-in-stock request: confirm",
      "Back in stock",
      "Contact form: confirmation",
      "Confirm e-mail address",
      "Password reset",
      "Account already exists",
      "Confirm e-mail for Strava sign-in",
      "New order",
      "Dropshipment failed",
      "Withdrawal received",
      "Contact form message",
    ]) {
      expect(page).toContain(name);
    }
    expect(page).toContain("Subject: Bevestiging van je bestelling 3f2a9c1e bij Trapkracht");
    expect(page).toContain("Subject: Nieuwe bestelling 3f2a9c1e – € 28,71");
    // The E-mails tab links here.
    const tab = await (await asAdmin("/admin/emails")).text();
    expect(tab).toMatch(/<a [^>]*href="\/admin\/emails\/templates"[^>]*>Mail templates<\/a>/);
  });

  it("shows one template's subject and text part, and frames its HTML part in a sandbox", async () => {
    const res = await asAdmin("/admin/emails/templates/order-confirmation");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(text(html)).toContain("Subject Bevestiging van je bestelling 3f2a9c1e bij Trapkracht");
    // The text part as text: its lines as written, the money worked out by hand (2 × €9,95).
    expect(html).toContain(
      "- Kettingolie 100 ml × 2: €\u00a019,90 (€\u00a09,95 per stuk, aanbieding, was €\u00a012,50)",
    );
    expect(html).toContain("Totaal: €\u00a028,71");
    const frame = /<iframe[^>]*>/.exec(html)?.[0] ?? "";
    expect(frame).toContain('src="/admin/emails/templates/order-confirmation/html"');
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('title="HTML part of the Order confirmation mail"');
  });

  it("serves a template's HTML under the mail policy that runs no script and loads nothing", async () => {
    const res = await asAdmin("/admin/emails/templates/contact-message/html");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-security-policy")).toBe(
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    const html = await res.text();
    expect(html.startsWith('<!doctype html>\n<html lang="nl">')).toBe(true);
    expect(html).toContain("<title>Contactformulier: Levertijd bestelling</title>");
    expect(html).toContain("Hallo,<br/>Wanneer wordt mijn bestelling bezorgd?<br/><br/>Groet, Anna");
  });

  it("answers an unknown template with not found", async () => {
    const page = await asAdmin("/admin/emails/templates/nieuwsbrief");
    expect(page.status).toBe(404);
    expect(text(await page.text())).toContain("Mail template not found");
    expect((await asAdmin("/admin/emails/templates/nieuwsbrief/html")).status).toBe(404);
    expect((await asAdmin("/admin/emails/templates/order%00confirmation")).status).toBe(404);
  });

  it("refuses the list, a template and its HTML to a guest and to a customer", async () => {
    for (const cookie of ["", shopper.cookie]) {
      await expectAdminOnly(
        app,
        cookie,
        [
          "/admin/emails/templates",
          "/admin/emails/templates.data",
          "/admin/emails/templates/order-confirmation",
          "/admin/emails/templates/order-confirmation.data",
          "/admin/emails/templates/order-confirmation/html",
        ],
        { hidden: ["Bevestiging van je bestelling", "Kettingolie"] },
      );
    }
  });
});
