import { beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../support/factories";
import { useTestApp } from "../support/fixture";

function hrefsIn(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
}

function section(html: string, tag: "header" | "footer"): string {
  const match = new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`).exec(html);
  if (!match) throw new Error(`no <${tag}>`);
  return match[0];
}

describe("shop layout: header, navigation, footer", () => {
  const { app, database } = useTestApp();
  beforeAll(async () => {
    // The three top categories of the spec, each with a child, for the hover menus.
    for (const [id, name] of [
      [8, "Fietsonderdelen"],
      [16, "Onderhoud"],
      [164, "Sportvoeding"],
    ] as const) {
      await createCategory(database.db, { id, name });
    }
    await createCategory(database.db, { id: 9001, name: "Kettingen", parentId: 8, level: 2 });
  });

  it("renders the header with logo, search form, account, cart and the six nav links in order", async () => {
    const { status, html } = await app.html("/about");
    expect(status).toBe(200);
    const header = section(html, "header");
    const navHrefs = hrefsIn(/<nav aria-label="Hoofdmenu"[\s\S]*?<\/nav>/.exec(header)![0]);
    expect(navHrefs).toEqual(["/sportvoeding", "/onderhoud", "/fietsonderdelen", "/blog", "/contact", "/cart"]);
    for (const label of ["Sportvoeding", "Onderhoud", "Fietsonderdelen", "Blog", "Contact", "Winkelwagen"]) {
      expect(header).toContain(`>${label}<`);
    }
    expect(header).toMatch(
      /<a [^>]*aria-label="Trapkracht, naar de homepage"[^>]*href="\/"|<a [^>]*href="\/"[^>]*aria-label="Trapkracht, naar de homepage"/,
    );
    // The search works without JavaScript: a GET form to /products with q.
    expect(header).toMatch(
      /<form[^>]*method="get"[^>]*action="\/products"|<form[^>]*action="\/products"[^>]*method="get"/,
    );
    expect(header).toMatch(/<input[^>]*name="q"[^>]*role="combobox"|<input[^>]*role="combobox"[^>]*name="q"/);
    expect(header).toContain('aria-label="Account"');
    expect(header).toContain('aria-label="Winkelwagen, 0 artikelen"');
    expect(header).toContain('aria-label="Menu"');
  });

  it("puts a skip link to #inhoud first and the page in <main id=inhoud>", async () => {
    const { html } = await app.html("/about");
    const body = html.slice(html.indexOf("<body"));
    expect(hrefsIn(body)[0]).toBe("#inhoud");
    expect(body).toContain(">Naar inhoud</a>");
    expect(body).toMatch(/<main id="inhoud"/);
  });

  it("renders the footer links, delivery claim and customer-service address", async () => {
    const { html } = await app.html("/about");
    const footer = section(html, "footer");
    const hrefs = hrefsIn(footer);
    for (const href of [
      "/",
      "/products",
      "/about",
      "/contact",
      "/privacy",
      "/terms",
      "/blog",
      "/terms#verzending",
      "/terms#herroeping",
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(footer).toContain("Atleten");
    expect(footer).toContain("Verzendbeleid");
    expect(footer).toContain("Retourbeleid");
    expect(footer).toContain("Voor 18:00 besteld, binnen 1 werkdag bezorgd");
    expect(footer).toContain('href="mailto:klantenservice@trapkracht.nl"');
  });

  it("renders an unknown URL as a 404 inside the layout, with links home and to /products", async () => {
    const { status, html } = await app.html("/bestaat/echt/niet");
    expect(status).toBe(404);
    expect(html).toContain("Pagina niet gevonden");
    const main = /<main id="inhoud"[\s\S]*?<\/main>/.exec(html)![0];
    expect(main).toContain("Pagina niet gevonden");
    expect(hrefsIn(main)).toEqual(expect.arrayContaining(["/", "/products"]));
    expect(section(html, "header")).toContain(">Sportvoeding<");
    expect(section(html, "footer")).toContain("Voor 18:00 besteld");
  });

  it("gives the nav categories to the page for the hover menus", async () => {
    const { html } = await app.html("/about");
    // Closed menus render no content on the server; the data travels in the loader payload.
    expect(html).toContain("Kettingen");
    // Next to the real link, a collapsed disclosure toggle for keyboard and touch users.
    expect(html).toMatch(
      /<a [^>]*href="\/fietsonderdelen"[^>]*>Fietsonderdelen<\/a><button [^>]*aria-expanded="false"/,
    );
    expect(html).toMatch(/<button [^>]*aria-label="Submenu Fietsonderdelen"/);
  });

  it("overlays the header on the hero of a page whose handle asks for it (the home page), with the white logo", async () => {
    const home = section((await app.html("/")).html, "header");
    const whiteWordMark = /font-extrabold tracking-tight text-white/;
    expect(home).toContain('data-variant="hero"');
    expect(home).toMatch(whiteWordMark);
    const about = section((await app.html("/about")).html, "header");
    expect(about).toContain('data-variant="solid"');
    expect(about).not.toMatch(whiteWordMark);
    expect(about).toContain("text-brand-700");
  });
});
