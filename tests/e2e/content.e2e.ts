import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, useBrowser } from "./support/browser";

describe("blog and contact", () => {
  const browser = useBrowser();

  it("reads a blog article from the blog list", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/blog");
    const article = page.getByRole("link", { name: /energiegel/i }).first();
    await article.click();
    await page.waitForURL("**/blog/energy-gels-ingredienten");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/energiegel/i);
    expect(await page.getByRole("article").getByRole("heading", { level: 2 }).count()).toBeGreaterThan(1);
  });

  it("shows each contact-form error, keeps the input, then confirms a sent message", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contactformulier" });
    await form.getByLabel("Voornaam").fill("Sanne");
    await form.getByLabel("E-mailadres").fill("geen-adres");
    await form.getByRole("button", { name: /verstuur|verzend/i }).click();

    await expect.poll(() => page.getByText("Voer een geldig e-mailadres in").isVisible()).toBe(true);
    for (const message of ["Vul je achternaam in", "Vul een onderwerp in", "Schrijf je bericht"]) {
      expect(await page.getByText(message).isVisible(), message).toBe(true);
    }
    expect(await form.getByLabel("Voornaam").inputValue()).toBe("Sanne");
    expect(await form.getByLabel("E-mailadres").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Achternaam").fill("de Vries");
    await form.getByLabel("E-mailadres").fill("sanne@example.nl");
    await form.getByLabel("Onderwerp").fill("Levertijd");
    await form.getByLabel("Bericht").fill("Wanneer wordt mijn bestelling bezorgd?");
    await form.getByRole("button", { name: /verstuur|verzend/i }).click();
    await page.waitForURL(/verzonden=1/);
    await expect.poll(() => page.getByText("Bericht verzonden").first().isVisible()).toBe(true);
  });
});
