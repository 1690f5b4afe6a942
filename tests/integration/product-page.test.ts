import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no JSON-LD script in the page");
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

describe("product detail page /product/{ArtNo}", () => {
  const { app, database } = useTestApp();
  beforeAll(async () => {
    const parent = await createCategory(database.db, { name: "Aandrijving" });
    const child = await createCategory(database.db, { name: "Kettingen", parentId: parent.id, level: 2 });
    await createProduct(database.db, {
      artNo: 4242,
      brand: "Shimano",
      shortDescription: "Ketting CN-HG701 11-speed",
      consumerPriceCents: 3495,
      discountedPriceCents: 2795,
      categoryId: child.id,
      images: ["/media/products/4242-1.jpg", "/media/products/4242-2.jpg"],
      longDescriptionHtml: '<p>Soepel schakelen</p><script>alert("xss")</script><img src=x onerror="alert(2)">',
      stockQuantity: 25,
      tags: ["11-speed", "Racefiets"],
      colour: "Zilver",
    });
    await createProduct(database.db, {
      artNo: 4243,
      shortDescription: "Remblokken set",
      consumerPriceCents: 1295,
      stockQuantity: 3,
      longDescriptionHtml: null,
    });
    await createProduct(database.db, { artNo: 4244, stockQuantity: 0 });
    await createProduct(database.db, { artNo: 4245, stockQuantity: null });
    await createProduct(database.db, { artNo: 4246, stockQuantity: 7 });
    await createProduct(database.db, {
      artNo: 4247,
      brand: "BYE!",
      shortDescription: "Energy gel citroen </script><b>x",
      consumerPriceCents: 250,
      stockQuantity: 50,
      ingredients: "Maltodextrine, fructose",
      allergens: "Geen",
      nutrition: [{ label: "Energie", per100: "1200 kJ", perServing: "300 kJ" }],
    });
    await createProduct(database.db, { artNo: 4248, shortDescription: "Niet meer leverbaar", status: 0 });
    await createProduct(database.db, { artNo: 4249, brand: null });
    const leaf = await createCategory(database.db, { name: "Racebanden", parentId: child.id, level: 3 });
    await createProduct(database.db, { artNo: 4250, shortDescription: "Vouwband 700x25c", categoryId: leaf.id });
  });

  it("shows every category above a product in the breadcrumb, root first", async () => {
    const { html } = await app.html("/product/4250");
    const nav = html.slice(html.indexOf('aria-label="Kruimelpad"'), html.indexOf("</nav>", html.indexOf("Kruimelpad")));
    const crumbs = [...nav.matchAll(/<(?:a[^>]*|li aria-current="page"[^>]*)>([^<]+)</g)].map((m) => m[1]);
    expect(crumbs).toEqual(["Home", "Aandrijving", "Kettingen", "Racebanden", "Vouwband 700x25c"]);
  });

  it("shows a found product with name, brand, price, images, breadcrumbs, back button and VAT note", async () => {
    const { status, html } = await app.html("/product/4242");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Ketting CN-HG701 11-speed<\/h1>/);
    expect(html).toContain("Shimano");
    expect(html).toContain("/media/products/4242-1.jpg");
    expect(html).toContain("/media/products/4242-2.jpg");
    expect(html).toContain('aria-label="Kruimelpad"');
    expect(html).toContain("Aandrijving");
    expect(html).toContain("Kettingen");
    expect(html).toContain(">Terug<");
    expect(html).toContain("Prijs incl. 21% btw");
    expect(html).toContain("In winkelwagen");
    expect(html).toContain("Zilver");
    expect(html).toContain("<title>Ketting CN-HG701 11-speed – Shimano | Trapkracht</title>");
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/product\/4242"/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]*\/media\/products\/4242-1\.jpg"/);
  });

  it("shows an offer with the old price struck through and a -N% Korting badge", async () => {
    const { html } = await app.html("/product/4242");
    expect(html).toContain("-20% Korting");
    expect(html).toMatch(/<s[^>]*>.*34,95.*<\/s>/s);
    expect(html).toContain("27,95");
  });

  it("shows no offer badge or struck price for a normal product", async () => {
    const { html } = await app.html("/product/4243");
    expect(html).toContain("12,95");
    expect(html).not.toContain("Korting");
    expect(html).not.toMatch(/<s[\s>]/);
  });

  it.each([
    [4242, "Op voorraad"],
    [4246, "Beperkte voorraad"],
    [4243, "Bijna uitverkocht"],
    [4244, "Niet op voorraad"],
    [4245, "Status onbekend"],
  ])("shows the stock label of product %i: %s", async (artNo, label) => {
    const { status, html } = await app.html(`/product/${artNo}`);
    expect(status).toBe(200);
    expect(html).toContain(label);
  });

  it.each([4244, 4245])(
    "shows sold-out product %i as what it is: no buy button, no delivery promise, the back-in-stock form",
    async (artNo) => {
      const { html } = await app.html(`/product/${artNo}`);
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      expect(main).not.toContain("In winkelwagen");
      expect(main).not.toContain("Voor 18:00 besteld");
      expect(main).not.toContain(">Aantal<");
      expect(main).toContain("Mail me als het weer leverbaar is");
      expect(main).toMatch(/<input[^>]*name="email"/);
      expect(main).toContain('type="email"');
    },
  );

  it("offers a product in stock with a quantity choice and the delivery promise", async () => {
    const { html } = await app.html("/product/4243");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("In winkelwagen");
    expect(main).toContain("Voor 18:00 besteld, binnen 1 werkdag bezorgd");
    // Never more than the stock (3 here) or a line's maximum.
    expect(main).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Aantal<\/label>/);
    expect(main).toMatch(/<input[^>]*type="number"[^>]*min="1"[^>]*max="3"[^>]*value="1"/);
    expect(main).not.toContain("Mail me als het weer leverbaar is");
  });

  it("shows tags as chips", async () => {
    const { html } = await app.html("/product/4242");
    expect(html).toMatch(/<ul[^>]*aria-label="Tags"[^>]*>.*11-speed.*Racefiets.*<\/ul>/s);
  });

  it("renders the sanitised description: formatting kept, script and handlers gone", async () => {
    const { html } = await app.html("/product/4242");
    expect(html).toContain("<p>Soepel schakelen</p>");
    expect(html).not.toContain('alert("xss")');
    expect(html).not.toContain("onerror");
  });

  it("shows the fallback text when there is no description", async () => {
    const { html } = await app.html("/product/4243");
    expect(html).toContain("Geen gedetailleerde beschrijving beschikbaar.");
    const withText = await app.html("/product/4242");
    expect(withText.html).not.toContain("Geen gedetailleerde beschrijving beschikbaar.");
  });

  it("shows the BYE! banner only for brand BYE!, plus ingredients, allergens and nutrition", async () => {
    const bye = await app.html("/product/4247");
    expect(bye.html).toContain('src="/media/banner/bye.svg"');
    expect(bye.html).toContain("Maltodextrine, fructose");
    expect(bye.html).toContain("Allergenen");
    expect(bye.html).toMatch(/<th scope="row"[^>]*>Energie<\/th><td[^>]*>1200 kJ<\/td><td[^>]*>300 kJ<\/td>/);
    const other = await app.html("/product/4242");
    expect(other.html).not.toContain("/media/banner/bye.svg");
    expect(other.html).not.toContain("Voedingswaarde");
  });

  it("embeds schema.org Product data as valid JSON with the page's nonce", async () => {
    const res = await app.get("/product/4242");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")![1]!;
    const html = await res.text();
    expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}"`);
    const ld = jsonLdOf(html);
    expect(ld["@type"]).toBe("Product");
    expect(ld.name).toBe("Ketting CN-HG701 11-speed");
    expect(ld.sku).toBe("4242");
    expect(ld.brand).toEqual({ "@type": "Brand", name: "Shimano" });
    // Absolute URLs on the shop's public origin (the harness's config says port 0).
    expect(ld.image).toEqual(
      [/^https?:\/\/[^/]+\/media\/products\/4242-1\.jpg$/, /^https?:\/\/[^/]+\/media\/products\/4242-2\.jpg$/].map(
        (re) => expect.stringMatching(re),
      ),
    );
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      price: "27.95",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    });
  });

  it("maps stock to schema.org availability", async () => {
    const availability = async (artNo: number) =>
      (jsonLdOf((await app.html(`/product/${artNo}`)).html).offers as { availability: string }).availability;
    expect(await availability(4243)).toBe("https://schema.org/LimitedAvailability");
    expect(await availability(4246)).toBe("https://schema.org/LimitedAvailability");
    expect(await availability(4244)).toBe("https://schema.org/OutOfStock");
    expect(await availability(4245)).toBe("https://schema.org/OutOfStock");
  });

  it("escapes < in the JSON-LD so a product text cannot close the script", async () => {
    const { html } = await app.html("/product/4247");
    const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain("<");
    expect(jsonLdOf(html).name).toBe("Energy gel citroen </script><b>x");
  });

  it("answers 404 Product Niet Gevonden for an unknown ArtNo, inside the shop layout", async () => {
    const { status, html } = await app.html("/product/999999");
    expect(status).toBe(404);
    expect(html).toContain("Product Niet Gevonden");
    expect(html).toContain('href="/products"');
    expect(html).toContain("Naar inhoud");
    expect(html).toContain('content="noindex"');
  });

  it("answers 404 for products that are not listed (inactive, or missing a brand)", async () => {
    for (const artNo of [4248, 4249]) {
      const { status, html } = await app.html(`/product/${artNo}`);
      expect(status).toBe(404);
      expect(html).toContain("Product Niet Gevonden");
    }
  });

  it("answers 400 Ongeldig product ID for a non-numeric id", async () => {
    for (const id of ["abc", "12abc", "-5", "99999999999"]) {
      const { status, html } = await app.html(`/product/${id}`);
      expect(status).toBe(400);
      expect(html).toContain("<title>Ongeldig product ID | Trapkracht</title>");
      expect(html).toMatch(/<h1[^>]*>Ongeldig product ID<\/h1>/);
      expect(html).not.toContain("Product Niet Gevonden");
    }
  });
});
