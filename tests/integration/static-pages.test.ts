import { describe, expect, it } from "vitest";
import { startTestApp } from "../support/app";
import { createTestDatabase } from "../support/db";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

describe("about, privacy and terms", () => {
  const { app } = useTestApp({ PUBLIC_URL: "https://www.trapkracht.nl" });

  it("about: who we are, what we sell and the delivery promise", async () => {
    const { status, html } = await app.html("/about");
    expect(status).toBe(200);
    expect(html).toContain("<title>Over ons | Trapkracht</title>");
    expect(html).toContain('<link rel="canonical" href="https://www.trapkracht.nl/about"/>');
    expect(html).toMatch(/<h1[^>]*>Over Trapkracht<\/h1>/);
    for (const text of [
      "Wie we zijn",
      "Wat we verkopen",
      "Fietsonderdelen",
      "Sportvoeding",
      "Voor 18:00 besteld, binnen 1 werkdag bezorgd",
      "Gratis verzending vanaf €50",
      "14 dagen bedenktijd",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("privacy: AVG, what data and why, retention, rights, no tracking cookies", async () => {
    const { status, html } = await app.html("/privacy");
    expect(status).toBe(200);
    expect(html).toContain("<title>Privacyverklaring | Trapkracht</title>");
    for (const text of [
      "Algemene verordening gegevensbescherming (AVG)",
      "Welke gegevens we verwerken en waarom",
      "Hoe lang we gegevens bewaren",
      "Jouw rechten",
      "geen tracking- of advertentiecookies",
      "Autoriteit Persoonsgegevens",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("terms: prices incl. btw, delivery, 14-day withdrawal with the model form, refunds, warranty, complaints", async () => {
    const { status, html } = await app.html("/terms");
    expect(status).toBe(200);
    expect(html).toContain("<title>Algemene voorwaarden | Trapkracht</title>");
    expect(html).toContain("inclusief btw");
    expect(html).toMatch(
      /<section id="verzending"[^>]*>[\s\S]*?Levering en verzending[\s\S]*?binnen 1 werkdag bezorgd/,
    );
    const withdrawal = /<section id="herroeping"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
    expect(withdrawal).toContain("herroepingsrecht");
    expect(withdrawal).toContain("binnen 14 dagen");
    expect(withdrawal).toContain("Zo herroep je");
    expect(withdrawal).toContain("Terugbetaling");
    expect(withdrawal).toMatch(/<a href="#modelformulier">modelformulier voor herroeping<\/a>/);
    expect(html).toMatch(
      /<section id="modelformulier"[^>]*>[\s\S]*?Modelformulier voor herroeping[\s\S]*?herroep\/herroepen/,
    );
    expect(html).toContain("Garantie");
    expect(html).toContain("Klachten");
  });
});

describe("/ProductCategories", () => {
  it("lists every category nested, with its id and product count", async () => {
    const database = await createTestDatabase();
    const app = await startTestApp(database.db);
    try {
      const parent = await createCategory(database.db, { id: 16, name: "Onderhoud" });
      const child = await createCategory(database.db, { id: 1601, name: "Kettingolie", parentId: parent.id, level: 2 });
      await createCategory(database.db, { id: 164, name: "Sportvoeding" });
      await createProduct(database.db, { categoryId: child.id });
      await createProduct(database.db, { categoryId: child.id });
      await createProduct(database.db, { categoryId: parent.id });

      const { status, html } = await app.html("/ProductCategories");
      expect(status).toBe(200);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      const flat = html.replace(/<!-- -->/g, "");
      expect(flat).toMatch(
        />Onderhoud<\/a> <span[^>]*>\(id 16, 3 producten\)<\/span><ul[^>]*><li[^>]*><a[^>]*>Kettingolie<\/a> <span[^>]*>\(id 1601, 2 producten\)/,
      );
      expect(flat).toContain("(id 164, 0 producten)");
    } finally {
      await app.close();
      await database.close();
    }
  });
});
