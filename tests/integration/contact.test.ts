import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { outbox, siteSettings } from "../../app/db/schema";
import { useTestApp } from "../support/fixture";

const SHOP = "winkel@trapkracht.test";
const RATE_LIMITED = "Je hebt te veel berichten verstuurd. Probeer het over een uur opnieuw.";

type Fields = Record<"firstName" | "lastName" | "email" | "subject" | "message", string>;
const valid: Fields = {
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.nl",
  subject: "Levertijd bestelling",
  message: "Hoi,\nwanneer wordt mijn bestelling <b>bezorgd</b>?",
};

describe("contact form", () => {
  const { app, database } = useTestApp({ SHOP_EMAIL: SHOP });
  let ipCounter = 1;
  /** A distinct client address per test (trusted from loopback), so IP limits don't leak between tests. */
  let ip = "";

  const post = (fields: Partial<Fields>, from = ip) =>
    app.get("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
      body: new URLSearchParams(fields as Record<string, string>).toString(),
    });
  const outboxRows = () => database.db.select().from(outbox).orderBy(asc(outbox.id));

  beforeAll(async () => {
    await database.db
      .update(siteSettings)
      .set({ customerServiceEmail: "hulp@trapkracht.test" })
      .where(eq(siteSettings.id, 1));
  });
  beforeEach(async () => {
    ip = `203.0.113.${ipCounter++}`;
    await database.db.delete(outbox);
  });

  it("shows the form with labelled fields and the customer-service address", async () => {
    const { status, html } = await app.html("/contact");
    expect(status).toBe(200);
    expect(html).toContain("<title>Contact | Trapkracht</title>");
    for (const [id, label] of [
      ["firstName", "Voornaam"],
      ["lastName", "Achternaam"],
      ["email", "E-mailadres"],
      ["subject", "Onderwerp"],
      ["message", "Bericht"],
    ]) {
      expect(html).toContain(`<label class="text-sm font-medium text-ink" for="contact-${id}">${label}</label>`);
    }
    expect(html).toMatch(/<input[^>]*id="contact-email"[^>]*type="email"/);
    expect(html).toContain('href="mailto:hulp@trapkracht.test"');
  });

  it("answers an empty form with 400 and a Dutch message for every field, storing nothing", async () => {
    const res = await post({ firstName: "", lastName: "", email: "", subject: "", message: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Fout bij verzenden");
    expect(html).toContain("Vul je voornaam in");
    expect(html).toContain("Vul je achternaam in");
    expect(html).toContain("Voer een geldig e-mailadres in");
    expect(html).toContain("Vul een onderwerp in");
    expect(html).toContain("Schrijf je bericht");
    expect(await outboxRows()).toHaveLength(0);
  });

  it("names only the wrong field and keeps what was typed", async () => {
    const res = await post({ ...valid, email: "anna@" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Voer een geldig e-mailadres in");
    expect(html).not.toContain("Vul je voornaam in");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="email"|<input[^>]*name="email"[^>]*aria-invalid="true"/,
    );
    expect(html).toContain('value="Anna"');
    expect(html).toContain('value="de Vries"');
    expect(html).toContain('value="anna@"');
    expect(html).toContain('value="Levertijd bestelling"');
    expect(html).toContain("wanneer wordt mijn bestelling &lt;b&gt;bezorgd&lt;/b&gt;?</textarea>");
    expect(await outboxRows()).toHaveLength(0);
  });

  it("stores the message for the shop and a confirmation for the customer, then redirects", async () => {
    const res = await post(valid);
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toBe("/contact?verzonden=1");

    const rows = await outboxRows();
    expect(rows).toHaveLength(2);
    const [toShop, toCustomer] = rows;
    expect(toShop).toMatchObject({
      kind: "contact-message",
      toAddress: SHOP,
      replyTo: "anna@example.nl",
      status: "pending",
      attempts: 0,
    });
    expect(toShop!.subject).toContain("Levertijd bestelling");
    expect(toShop!.textBody).toContain("Anna de Vries");
    expect(toShop!.textBody).toContain("wanneer wordt mijn bestelling <b>bezorgd</b>?");
    expect(toShop!.htmlBody).toContain("wanneer wordt mijn bestelling &lt;b&gt;bezorgd&lt;/b&gt;?");
    expect(toShop!.htmlBody).not.toContain("<b>bezorgd</b>");

    expect(toCustomer).toMatchObject({ kind: "contact-confirmation", toAddress: "anna@example.nl", replyTo: null });
    expect(toCustomer!.textBody).toContain("Hoi Anna");
    expect(toCustomer!.textBody).toContain("> wanneer wordt mijn bestelling <b>bezorgd</b>?");
    expect(toCustomer!.textBody).toContain("hulp@trapkracht.test");

    const page = await app.html("/contact?verzonden=1");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Bericht verzonden");
  });

  it("refuses a 6th message from one address within the hour with 429", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post({ ...valid, email: `klant${i}@example.nl` });
      expect(res.status).toBe(302);
    }
    expect(await outboxRows()).toHaveLength(10);
    const res = await post({ ...valid, email: "klant-zes@example.nl" });
    expect(res.status).toBe(429);
    const html = await res.text();
    expect(html).toContain(RATE_LIMITED);
    expect(html).toContain('value="klant-zes@example.nl"');
    expect(await outboxRows()).toHaveLength(10);
    // Another address is not affected.
    expect((await post({ ...valid, email: "ander@example.nl" }, "198.51.100.7")).status).toBe(302);
  });

  it("refuses a 4th message for one e-mail address within the hour, whatever the IP", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post({ ...valid, email: "Herhaler@example.nl" }, `192.0.2.${i + 1}`)).status).toBe(302);
    }
    const res = await post({ ...valid, email: "herhaler@example.nl" }, "192.0.2.50");
    expect(res.status).toBe(429);
    expect(await res.text()).toContain(RATE_LIMITED);
    expect(await outboxRows()).toHaveLength(6);
  });

  it("counts in fixed windows: a counter from an earlier window starts again at 1", async () => {
    await database.db.execute(
      sql`UPDATE rate_limits SET window_start = window_start - interval '2 hours' WHERE key = ${"contact:email:herhaler@example.nl"}`,
    );
    expect((await post({ ...valid, email: "herhaler@example.nl" }, "192.0.2.60")).status).toBe(302);
  });
});
