import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema";
import { anchorWith, hrefs, productLinks, textOf } from "../support/catalogue-html";
import { configureFilters, createFilterTypes, FILTER } from "../support/catalogue-factories";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

const inputTag = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";

/**
 * /products over HTTP against a real database: every state of the category page, filters, facet
 * counts, sort orders, paging and search.
 */
describe("catalogue listing (/products)", () => {
  const { app, database } = useTestApp();
  const chain: Record<string, number> = {};

  beforeAll(async () => {
    const db = database.db;
    await createFilterTypes(db);
    await createCategory(db, { id: 8, name: "Fietsonderdelen", level: 1 });
    await createCategory(db, { id: 100, name: "Kettingen", parentId: 8, level: 2 });
    await createCategory(db, { id: 101, name: "Remmen", parentId: 8, level: 2 });
    await createCategory(db, { id: 150, name: "Schijfremmen", parentId: 101, level: 3 });
    await createCategory(db, { id: 102, name: "Binnenbanden", parentId: 8, level: 2 });
    await createCategory(db, { id: 103, name: "Lege categorie", parentId: 8, level: 2 });
    await configureFilters(db, 8, [FILTER.brand, FILTER.color, FILTER.size, FILTER.price]);

    // Kettingen: 6 products with known brand, colour, price and stock.
    const rows: [string, string, string, number, number | null, number | null][] = [
      // name, brand, colour, price cents, discounted, stock
      ["Ketting Alpha", "Shimano", "Zwart", 2500, null, 20],
      ["Ketting Bravo", "Shimano", "Zilver", 4000, 1500, 0],
      ["Ketting Charlie", "SRAM", "Zwart", 3000, null, 3],
      ["Ketting Delta", "SRAM", "Goud", 9000, null, null],
      ["Ketting Echo", "KMC", "Zwart", 1200, null, 50],
      ["Kettingpons 50%_korting", "KMC", "Zilver", 5050, null, 8],
    ];
    for (const [name, brand, colour, price, discounted, stock] of rows) {
      const p = await createProduct(db, {
        categoryId: 100,
        shortDescription: name,
        brand,
        colour,
        consumerPriceCents: price,
        discountedPriceCents: discounted,
        stockQuantity: stock,
      });
      chain[name] = p.artNo;
    }
    // Never listed: inactive, or missing brand, description or price.
    chain.inactive = (
      await createProduct(db, { categoryId: 100, shortDescription: "Ketting Inactief", status: 0 })
    ).artNo;
    chain.noBrand = (
      await createProduct(db, { categoryId: 100, shortDescription: "Ketting Zonder merk", brand: "" })
    ).artNo;
    chain.noPrice = (
      await createProduct(db, { categoryId: 100, shortDescription: "Ketting Zonder prijs", consumerPriceCents: 0 })
    ).artNo;
    chain.noText = (await createProduct(db, { categoryId: 100, shortDescription: null })).artNo;

    chain.disc = (
      await createProduct(db, { categoryId: 150, shortDescription: "Remschijf 160mm", brand: "Magura" })
    ).artNo;
    chain.pads = (
      await createProduct(db, { categoryId: 101, shortDescription: "Remblokken set", brand: "Magura" })
    ).artNo;

    // 300 tubes for paging: 15 pages of 20.
    await db.insert(products).values(
      Array.from({ length: 300 }, (_, i) => ({
        artNo: 700_000 + i,
        brand: "Schwalbe",
        shortDescription: `Binnenband ${String(i + 1).padStart(3, "0")}`,
        consumerPriceCents: 500 + i,
        categoryId: 102,
      })),
    );
  });

  it("without a category says so, links to all products and shows the top categories", async () => {
    const { status, html } = await app.html("/products");
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Geen categorie geselecteerd");
    expect(anchorWith(html, 'href="/products"')).toBeDefined();
    expect(text).toMatch(/Bekijk alle producten/);
    // The overview: category 8 with every listed product below it (6 + 2 + 300).
    expect(anchorWith(html, 'href="/products?cat=8"')).toBeDefined();
    expect(text).toContain("Fietsonderdelen 308 producten");
  });

  it("shows subcategory cards with product counts that include descendants", async () => {
    const { status, html } = await app.html("/products?cat=8");
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Kettingen 6 producten");
    expect(text).toContain("Remmen 2 producten");
    expect(text).toContain("Binnenbanden 300 producten");
    expect(text).toContain("Lege categorie 0 producten");
    expect(anchorWith(html, 'href="/products?cat=101"')).toBeDefined();
    expect(text).toContain("Terug");
    expect(productLinks(html)).toEqual([]);
  });

  it("answers 404 for an unknown category and ignores a malformed one", async () => {
    expect((await app.html("/products?cat=999")).status).toBe(404);
    const { status, html } = await app.html("/products?cat=abc");
    expect(status).toBe(200);
    expect(textOf(html)).toContain("Geen categorie geselecteerd");
  });

  it("lists a leaf category with its filter panel, never showing unlisted products", async () => {
    const { status, html } = await app.html("/products?cat=100");
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Kettingen");
    expect(text).toContain("6 producten");
    const shown = productLinks(html);
    expect(shown).toHaveLength(6);
    for (const hidden of [chain.inactive, chain.noBrand, chain.noPrice, chain.noText])
      expect(shown).not.toContain(hidden);
    // Filter panel from the parent's configuration, with counts.
    expect(text).toContain("Merk");
    expect(text).toMatch(/Shimano \(2\)/);
    expect(text).toMatch(/KMC \(2\)/);
    expect(html).toContain('name="filter_1"');
    expect(html).toContain('name="filter_5_min"');
    // "Terug" falls back to the parent category without JavaScript.
    expect(anchorWith(html, 'href="/products?cat=8"')).toBeDefined();
  });

  it("filters by brand, shows a removable chip and a reset link", async () => {
    const { html } = await app.html("/products?cat=100&filter_1=SRAM");
    expect(productLinks(html).sort()).toEqual([chain["Ketting Charlie"], chain["Ketting Delta"]].sort());
    const chip = anchorWith(html, 'aria-label="Verwijder filter Merk: SRAM"');
    expect(chip).toContain('href="/products?cat=100"');
    expect(textOf(html)).toContain("Reset alle filters");
  });

  it("ORs values within a multi-select filter and ANDs across filters", async () => {
    const either = await app.html("/products?cat=100&filter_1=SRAM,KMC");
    expect(productLinks(either.html)).toHaveLength(4);
    const both = await app.html("/products?cat=100&filter_1=SRAM,KMC&filter_2=Zwart");
    expect(productLinks(both.html).sort()).toEqual([chain["Ketting Charlie"], chain["Ketting Echo"]].sort());
    expect(textOf(both.html)).toContain("2 producten");
    // Removing one chip keeps the other filters.
    expect(anchorWith(both.html, 'aria-label="Verwijder filter Kleur: Zwart"')).toContain(
      'href="/products?cat=100&filter_1=SRAM,KMC"',
    );
    expect(anchorWith(both.html, 'aria-label="Verwijder filter Merk: KMC"')).toContain(
      'href="/products?cat=100&filter_1=SRAM&filter_2=Zwart"',
    );
  });

  it("counts facet values with the other active filters applied", async () => {
    const text = textOf((await app.html("/products?cat=100&filter_2=Zwart")).html);
    // Brand counts among black chains only: Shimano 1, SRAM 1, KMC 1.
    expect(text).toMatch(/Shimano \(1\)/);
    expect(text).toMatch(/SRAM \(1\)/);
    expect(text).toMatch(/KMC \(1\)/);
    // The colour facet ignores its own selection, so the other colours stay available.
    expect(text).toMatch(/Zwart \(3\)/);
    expect(text).toMatch(/Zilver \(2\)/);
    expect(text).toMatch(/Goud \(1\)/);

    const withBrand = textOf((await app.html("/products?cat=100&filter_1=Shimano")).html);
    expect(withBrand).toMatch(/Zwart \(1\)/);
    expect(withBrand).toMatch(/Zilver \(1\)/);
    expect(withBrand).not.toMatch(/Goud \(/);
  });

  it("sorts in each of the five orders", async () => {
    const order = async (sort: string) =>
      productLinks((await app.html(`/products?cat=100${sort ? `&sort=${sort}` : ""}`)).html);
    const c = chain;
    // Prices paid: Bravo 15 (offer), Echo 12, Alpha 25, Charlie 30, Pons 50.50, Delta 90.
    expect(await order("price-asc")).toEqual([
      c["Ketting Echo"],
      c["Ketting Bravo"],
      c["Ketting Alpha"],
      c["Ketting Charlie"],
      c["Kettingpons 50%_korting"],
      c["Ketting Delta"],
    ]);
    expect(await order("price-desc")).toEqual([
      c["Ketting Delta"],
      c["Kettingpons 50%_korting"],
      c["Ketting Charlie"],
      c["Ketting Alpha"],
      c["Ketting Bravo"],
      c["Ketting Echo"],
    ]);
    expect(await order("name-asc")).toEqual([
      c["Ketting Alpha"],
      c["Ketting Bravo"],
      c["Ketting Charlie"],
      c["Ketting Delta"],
      c["Ketting Echo"],
      c["Kettingpons 50%_korting"],
    ]);
    expect(await order("name-desc")).toEqual([
      c["Kettingpons 50%_korting"],
      c["Ketting Echo"],
      c["Ketting Delta"],
      c["Ketting Charlie"],
      c["Ketting Bravo"],
      c["Ketting Alpha"],
    ]);
    // Default: in stock first (by name), then out of stock or unknown (by name).
    expect(await order("")).toEqual([
      c["Ketting Alpha"],
      c["Ketting Charlie"],
      c["Ketting Echo"],
      c["Kettingpons 50%_korting"],
      c["Ketting Bravo"],
      c["Ketting Delta"],
    ]);
    // The sort form keeps the category and filters and offers all five options.
    const { html } = await app.html("/products?cat=100&filter_1=KMC");
    for (const value of ["default", "price-asc", "price-desc", "name-asc", "name-desc"])
      expect(html).toContain(`<option value="${value}"`);
    expect(html).toMatch(/<input type="hidden" name="filter_1" value="KMC"\/>/);
  });

  it("pages 20 at a time with first 3, last 3, neighbours and ellipses", async () => {
    const first = await app.html("/products?cat=102&sort=name-asc");
    expect(textOf(first.html)).toContain("300 producten");
    expect(productLinks(first.html)).toEqual(Array.from({ length: 20 }, (_, i) => 700_000 + i));

    const { html } = await app.html("/products?cat=102&sort=name-asc&page=8");
    expect(productLinks(html)).toEqual(Array.from({ length: 20 }, (_, i) => 700_140 + i));
    const nav = /<nav aria-label="Paginering"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(textOf(nav)).toBe("Vorige 1 2 3 … 7 8 9 … 13 14 15 Volgende");
    expect(nav).toMatch(/aria-current="page"[^>]*>8</);
    expect(hrefs(nav)).toContain("/products?cat=102&sort=name-asc&page=9");
    expect(hrefs(nav)).toContain("/products?cat=102&sort=name-asc");

    const last = await app.html("/products?cat=102&sort=name-asc&page=15");
    expect(productLinks(last.html)).toHaveLength(20);
    // A page past the end shows the last page.
    const beyond = await app.html("/products?cat=102&sort=name-asc&page=99");
    expect(productLinks(beyond.html)).toEqual(productLinks(last.html));
  });

  it("filters on a price range and takes the slider bounds from the rounded prices", async () => {
    const { html } = await app.html("/products?cat=100&filter_5=15-26");
    // Paid prices 15 (offer for 40) and 25 are inside; 12, 30, 50.50 and 90 are not.
    expect(productLinks(html).sort()).toEqual([chain["Ketting Bravo"], chain["Ketting Alpha"]].sort());
    expect(anchorWith(html, 'aria-label="Verwijder filter Prijs: € 15 - € 26"')).toContain('href="/products?cat=100"');
    // Bounds: floor(12.00) to ceil(90.00), shown as the inputs' placeholders.
    expect(inputTag(html, "filter_5_min")).toContain('placeholder="12"');
    expect(inputTag(html, "filter_5_max")).toContain('placeholder="90"');
    expect(inputTag(html, "filter_5_min")).toContain('value="15"');
    expect(inputTag(html, "filter_5_max")).toContain('value="26"');

    const none = await app.html("/products?cat=100&filter_1=Onbekend");
    expect(inputTag(none.html, "filter_5_min")).toContain('placeholder="0"');
    expect(inputTag(none.html, "filter_5_max")).toContain('placeholder="1000"');
  });

  it("shows the empty state when filters match nothing", async () => {
    const { status, html } = await app.html("/products?cat=100&filter_1=SRAM&filter_2=Zilver");
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Geen producten gevonden");
    expect(text).toContain("Probeer andere filters of reset alle filters");
    expect(anchorWith(html, 'href="/products?cat=100"')).toBeDefined();
    expect(productLinks(html)).toEqual([]);
  });

  it("redirects a plain form submission to the canonical comma-list URL", async () => {
    const res = await app.get(
      "/products?cat=100&filter_1=SRAM&filter_1=KMC&filter_5_min=10&filter_5_max=40&sort=default",
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/products?cat=100&filter_1=SRAM,KMC&filter_5=10-40");
    const empty = await app.get("/products?cat=100&filter_1=SRAM&filter_5_min=&filter_5_max=&filter_4=");
    expect(empty.headers.get("location")).toBe("/products?cat=100&filter_1=SRAM");
  });

  it("ignores invalid parameters safely", async () => {
    const plain = productLinks((await app.html("/products?cat=100")).html);
    const { status, html } = await app.html(
      "/products?cat=100&page=abc&sort=bogus&filter_99=x&filter_abc=y&filter_5=cheap",
    );
    expect(status).toBe(200);
    expect(productLinks(html)).toEqual(plain);
    expect(textOf(html)).not.toContain("Verwijder filter");
  });

  it("uses the category URL as the canonical URL of a filtered page", async () => {
    const { html } = await app.html("/products?cat=100&filter_1=SRAM&sort=price-asc&page=1");
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/products\?cat=100"/);
    expect(html).toMatch(/<title>Kettingen \| /);
  });

  it("searches description, brand and ArtNo case-insensitively, including descendants of cat", async () => {
    // Every word, in any order (issue 30; before, "KETTING e" was one literal piece of text).
    const byText = await app.html("/products?q=echo%20KETTING");
    expect(textOf(byText.html)).toContain('Zoekresultaten voor "echo KETTING"');
    expect(productLinks(byText.html)).toEqual([chain["Ketting Echo"]]);

    const byBrand = await app.html("/products?q=magura");
    expect(productLinks(byBrand.html).sort()).toEqual([chain.disc, chain.pads].sort());

    // An ArtNo typed whole goes straight to its product (issue 30; before, a list of that one
    // product); an unlisted product's ArtNo does not.
    const byArtNo = await app.get(`/products?q=${chain["Ketting Delta"]}`);
    expect(byArtNo.status).toBe(302);
    expect(byArtNo.headers.get("location")).toBe(`/product/${chain["Ketting Delta"]}`);
    const unlisted = await app.html(`/products?q=${chain.inactive}`);
    expect(unlisted.status).toBe(200);
    expect(productLinks(unlisted.html)).toEqual([]);

    // cat narrows the search to the category and everything below it (150 is a grandchild of 8).
    const narrowed = await app.html("/products?q=rem&cat=101");
    expect(productLinks(narrowed.html).sort()).toEqual([chain.disc, chain.pads].sort());
    const elsewhere = await app.html("/products?q=rem&cat=100");
    expect(productLinks(elsewhere.html)).toEqual([]);
    // Unlisted products are never found.
    expect(productLinks((await app.html("/products?q=inactief")).html)).toEqual([]);
  });

  it("takes LIKE wildcards in the search term literally", async () => {
    expect(productLinks((await app.html("/products?q=50%25_")).html)).toEqual([chain["Kettingpons 50%_korting"]]);
    const none = await app.html("/products?q=%25%25");
    expect(productLinks(none.html)).toEqual([]);
    expect(textOf(none.html)).toContain("Geen producten gevonden");
  });

  it("asks for at least 2 characters", async () => {
    const { status, html } = await app.html("/products?q=k");
    expect(status).toBe(200);
    expect(textOf(html)).toContain("Type minimaal 2 tekens om te zoeken");
    expect(productLinks(html)).toEqual([]);
  });
});
