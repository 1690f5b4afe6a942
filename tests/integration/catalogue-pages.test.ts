import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema";
import { anchorWith, hrefs, productLinks, textOf } from "../support/catalogue-html";
import { configureFilters, createFilterTypes, createQuizQuestions, FILTER } from "../support/catalogue-factories";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

describe("catalogue pages", () => {
  const { app, database } = useTestApp();
  const ids: Record<string, number> = {};

  describe("on an empty catalogue", () => {
    it("the grid says there is nothing to show", async () => {
      const { status, html } = await app.html("/products-grid");
      expect(status).toBe(200);
      expect(textOf(html)).toContain("Geen producten gevonden. Probeer de pagina te vernieuwen.");
    });

    it("sportvoeding shows the empty state with a link to all products and no quiz", async () => {
      const { status, html } = await app.html("/sportvoeding");
      expect(status).toBe(200);
      const text = textOf(html);
      expect(text).toContain("Geen producten gevonden");
      expect(anchorWith(html, 'href="/products"')).toBeDefined();
      expect(text).not.toContain("Vraag 1");
    });
  });

  describe("with data", () => {
    beforeAll(async () => {
      const db = database.db;
      await createFilterTypes(db);
      // Sports nutrition.
      await createCategory(db, { id: 164, name: "Sportvoeding" });
      await createCategory(db, { id: 165, name: "Energiegels", parentId: 164, level: 2 });
      await createCategory(db, { id: 166, name: "Repen", parentId: 164, level: 2 });
      await configureFilters(db, 164, [FILTER.brand, FILTER.price]);
      ids.gelA = (
        await createProduct(db, {
          categoryId: 165,
          brand: "SiS",
          shortDescription: "Gel Appel",
          stockQuantity: 0,
          tags: ["gel", "cafeïne"],
        })
      ).artNo;
      ids.gelB = (
        await createProduct(db, {
          categoryId: 165,
          brand: "Maurten",
          shortDescription: "Gel Banaan",
          stockQuantity: 30,
          tags: ["gel"],
        })
      ).artNo;
      ids.bar = (
        await createProduct(db, {
          categoryId: 166,
          brand: "SiS",
          shortDescription: "Reep Chocolade",
          stockQuantity: null,
          tags: ["reep"],
        })
      ).artNo;
      ids.drink = (
        await createProduct(db, {
          categoryId: 164,
          brand: "Isostar",
          shortDescription: "Sportdrank Citroen",
          stockQuantity: 12,
        })
      ).artNo;
      await createQuizQuestions(
        db,
        Array.from({ length: 7 }, (_, i) => ({
          statement: `Stelling ${i + 1}`,
          isTrue: i % 2 === 0,
          explanation: `Uitleg bij stelling ${i + 1}`,
        })),
      );
      // Maintenance.
      await createCategory(db, { id: 16, name: "Onderhoud" });
      await createCategory(db, { id: 17, name: "Reiniging", parentId: 16, level: 2 });
      await createCategory(db, { id: 18, name: "Smering", parentId: 16, level: 2 });
      await createCategory(db, { id: 19, name: "Kettingolie", parentId: 18, level: 3 });
      await createCategory(db, { id: 20, name: "Vet", parentId: 18, level: 3 });
      ids.cleaner = (
        await createProduct(db, { categoryId: 17, brand: "Muc-Off", shortDescription: "Bike Cleaner" })
      ).artNo;
      ids.oil = (await createProduct(db, { categoryId: 19, brand: "Finish Line", shortDescription: "Dry Lube" })).artNo;
      // Bicycle parts.
      await createCategory(db, { id: 8, name: "Fietsonderdelen" });
      await createCategory(db, {
        id: 100,
        name: "Kettingen",
        parentId: 8,
        level: 2,
        imageUrl: "/media/categories/kettingen.jpg",
      });
      await createCategory(db, { id: 101, name: "Remmen", parentId: 8, level: 2 });
      await createCategory(db, { id: 140, name: "Schijfremmen", parentId: 101, level: 3 });
      await configureFilters(db, 8, [FILTER.brand, FILTER.price]);
      ids.chain = (await createProduct(db, { categoryId: 100, brand: "KMC", shortDescription: "Ketting X11" })).artNo;
      ids.disc = (
        await createProduct(db, { categoryId: 140, brand: "Shimano", shortDescription: "Remschijf RT56" })
      ).artNo;
      ids.pads = (
        await createProduct(db, { categoryId: 101, brand: "Shimano", shortDescription: "Remblokken B01S" })
      ).artNo;
      ids.hidden = (
        await createProduct(db, { categoryId: 140, brand: "Shimano", shortDescription: "Oude remschijf", status: 0 })
      ).artNo;
      // Grid paging: 41 more products (3 pages of 20 with the ones above: 50 listed).
      await db.insert(products).values(
        Array.from({ length: 41 }, (_, i) => ({
          artNo: 600_000 + i,
          brand: "Tacx",
          shortDescription: `Bidon ${i + 1}`,
          consumerPriceCents: 699,
          discountedPriceCents: i === 0 ? 499 : null,
          categoryId: 100,
        })),
      );
    });

    it("the grid shows a table of 20 listed products a page with paging", async () => {
      const { html } = await app.html("/products-grid");
      const text = textOf(html);
      expect(text).toContain("Producten Rasterweergave");
      expect(text).toMatch(/Afbeelding Art Nr Merk Beschrijving Categorie Prijs/);
      expect(text).toContain("Toont 20 van 50 producten");
      expect(productLinks(html)).toHaveLength(20);
      expect(text).toContain("Kettingen");
      const nav = /<nav aria-label="Paginering"[\s\S]*?<\/nav>/.exec(html)![0];
      expect(textOf(nav)).toBe("Vorige 1 2 3 Volgende");
      expect(hrefs(nav)).toContain("/products-grid?page=2");

      const last = await app.html("/products-grid?page=3");
      expect(textOf(last.html)).toContain("Toont 10 van 50 producten");
      expect(productLinks(last.html)).not.toContain(ids.hidden);
      const all = [
        ...productLinks(html),
        ...productLinks((await app.html("/products-grid?page=2")).html),
        ...productLinks(last.html),
      ];
      expect(new Set(all).size).toBe(50);
      expect(all).not.toContain(ids.hidden);
      // The offer price is what the grid shows first.
      expect(text).toContain("€ 4,99");
    });

    it("sportvoeding lists category 164 and below with brand filter and type chips", async () => {
      const { html } = await app.html("/sportvoeding");
      const text = textOf(html);
      expect(productLinks(html).sort()).toEqual([ids.gelA, ids.gelB, ids.bar, ids.drink].sort());
      expect(text).toContain("Filter op type");
      expect(anchorWith(html, 'href="/sportvoeding?tag=gel"')).toBeDefined();
      expect(text).toMatch(/gel \(2\)/);
      expect(text).toMatch(/SiS \(2\)/);
      expect(text).toContain("Standaard volgorde");
      expect(text).toContain("Eerst op voorraad");

      const gels = await app.html("/sportvoeding?tag=gel");
      expect(productLinks(gels.html).sort()).toEqual([ids.gelA, ids.gelB].sort());
      expect(anchorWith(gels.html, 'aria-label="Verwijder filter Type: gel"')).toContain('href="/sportvoeding"');

      const sis = await app.html("/sportvoeding?filter_1=SiS");
      expect(productLinks(sis.html).sort()).toEqual([ids.gelA, ids.bar].sort());
      // The tag chips count with the brand filter applied.
      expect(textOf(sis.html)).toMatch(/gel \(1\)/);

      const none = await app.html("/sportvoeding?filter_1=SiS&tag=reep,gel&filter_1=Onbekend");
      expect(none.status).toBe(302);
    });

    it("a sold-out card offers the back-in-stock mail instead of adding to the cart", async () => {
      const { html } = await app.html("/sportvoeding");
      // In stock: the cart button; sold out or unknown: a link to the product page's form.
      expect(html).toContain('aria-label="In winkelwagen: Gel Banaan"');
      expect(html).not.toContain('aria-label="In winkelwagen: Gel Appel"');
      expect(html).not.toContain('aria-label="In winkelwagen: Reep Chocolade"');
      for (const [artNo, name] of [
        [ids.gelA, "Gel Appel"],
        [ids.bar, "Reep Chocolade"],
      ] as const) {
        const link = new RegExp(`<a [^>]*href="/product/${artNo}#voorraadmelding"[^>]*>`).exec(html)?.[0];
        expect(link).toContain(`aria-label="Mail me als het weer leverbaar is: ${name}"`);
      }
    });

    it("sportvoeding sorts by name or puts what is in stock first", async () => {
      const standard = productLinks((await app.html("/sportvoeding")).html);
      expect(standard).toEqual([ids.gelA, ids.gelB, ids.bar, ids.drink]);
      const stockFirst = productLinks((await app.html("/sportvoeding?stock=first")).html);
      expect(stockFirst).toEqual([ids.gelB, ids.drink, ids.gelA, ids.bar]);
      // The radio form's "Standaard volgorde" value is dropped from the canonical URL.
      const res = await app.get("/sportvoeding?filter_1=SiS&stock=default");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/sportvoeding?filter_1=SiS");
    });

    it("sportvoeding shows the empty state when filters leave nothing", async () => {
      const { html } = await app.html("/sportvoeding?filter_1=Isostar&tag=gel");
      expect(textOf(html)).toContain("Geen producten gevonden");
      expect(anchorWith(html, 'href="/products"')).toBeDefined();
    });

    it("runs the quiz without JavaScript: answer, feedback, next, and around again", async () => {
      const start = await app.html("/sportvoeding");
      let text = textOf(start.html);
      expect(text).toContain("Vraag 1 van 7");
      expect(text).toContain("Stelling 1");
      expect(text).toContain("WAAR");
      expect(text).toContain("NIET WAAR");
      const buttons = start.html.match(/<button[^>]*>/g) ?? [];
      expect(
        buttons.some((b) => b.includes('name="antwoord"') && b.includes('value="waar"') && b.includes('type="submit"')),
      ).toBe(true);
      expect(buttons.some((b) => b.includes('name="antwoord"') && b.includes('value="niet-waar"'))).toBe(true);
      expect(start.html).toMatch(/<input type="hidden" name="vraag" value="1"\/>/);

      // Statement 1 is true.
      text = textOf((await app.html("/sportvoeding?vraag=1&antwoord=waar")).html);
      expect(text).toContain("Correct!");
      expect(text).toContain("Uitleg bij stelling 1");
      const wrong = await app.html("/sportvoeding?vraag=2&antwoord=waar");
      expect(textOf(wrong.html)).toContain("Onjuist!");
      expect(textOf(wrong.html)).toContain("Uitleg bij stelling 2");
      expect(anchorWith(wrong.html, 'href="/sportvoeding?vraag=3"')).toBeDefined();
      expect(textOf(wrong.html)).toContain("Volgende vraag");

      const last = await app.html("/sportvoeding?vraag=7&antwoord=niet-waar");
      expect(textOf(last.html)).toContain("Vraag 7 van 7");
      expect(textOf(last.html)).toContain("Onjuist!");
      expect(anchorWith(last.html, 'href="/sportvoeding?vraag=1"')).toBeDefined();

      // Filters survive answering, and the quiz position survives a form-style redirect.
      const filtered = await app.html("/sportvoeding?filter_1=SiS&vraag=4");
      expect(textOf(filtered.html)).toContain("Vraag 4 van 7");
      expect(filtered.html).toMatch(/<input type="hidden" name="filter_1" value="SiS"\/>/);
      const redirected = await app.get("/sportvoeding?filter_1=SiS&stock=default&vraag=4&antwoord=waar");
      expect(redirected.headers.get("location")).toBe("/sportvoeding?filter_1=SiS&vraag=4&antwoord=waar");
      // Nonsense falls back to question 1 without feedback.
      const odd = textOf((await app.html("/sportvoeding?vraag=99&antwoord=misschien")).html);
      expect(odd).toContain("Vraag 1 van 7");
      expect(odd).not.toContain("Correct!");
    });

    it("onderhoud shows the subcategories of 16, then chips or products", async () => {
      const overview = await app.html("/onderhoud");
      expect(overview.status).toBe(200);
      expect(textOf(overview.html)).toContain("Reiniging 1 product");
      expect(textOf(overview.html)).toContain("Smering 1 product");
      expect(anchorWith(overview.html, 'href="/onderhoud?cat=17"')).toBeDefined();

      const withChildren = await app.html("/onderhoud?cat=18");
      const text = textOf(withChildren.html);
      expect(text).toContain("Terug naar onderhoud overzicht");
      expect(anchorWith(withChildren.html, 'href="/onderhoud?cat=19"')).toBeDefined();
      expect(anchorWith(withChildren.html, 'href="/onderhoud"')).toBeDefined();
      expect(productLinks(withChildren.html)).toEqual([]);

      const leaf = await app.html("/onderhoud?cat=17");
      expect(productLinks(leaf.html)).toEqual([ids.cleaner]);
      expect(textOf(leaf.html)).toContain("Terug naar onderhoud overzicht");

      expect((await app.html("/onderhoud?cat=100")).status).toBe(404);
      expect((await app.html("/onderhoud?cat=12345")).status).toBe(404);
    });

    it("fietsonderdelen shows category 8's filters and its child categories with counts", async () => {
      const { status, html } = await app.html("/fietsonderdelen");
      expect(status).toBe(200);
      const text = textOf(html);
      expect(text).toContain("Kettingen 42 producten");
      // Remmen counts its own product and the one in Schijfremmen, not the inactive one.
      expect(text).toContain("Remmen 2 producten");
      expect(anchorWith(html, 'href="/products?cat=100"')).toBeDefined();
      expect(html).toContain('src="/media/categories/kettingen.jpg"');
      expect(html).toContain('name="filter_1"');
      expect(text).toMatch(/Shimano \(2\)/);
      expect(productLinks(html)).toEqual([]);

      // Filtering shows the products of every category below 8.
      const filtered = await app.html("/fietsonderdelen?filter_1=Shimano");
      expect(productLinks(filtered.html).sort()).toEqual([ids.disc, ids.pads].sort());
      expect(anchorWith(filtered.html, 'aria-label="Verwijder filter Merk: Shimano"')).toContain(
        'href="/fietsonderdelen"',
      );
    });

    it("redirects /reiniging and /smering to their categories", async () => {
      const r = await app.get("/reiniging");
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/products?cat=17");
      const s = await app.get("/smering");
      expect(s.status).toBe(302);
      expect(s.headers.get("location")).toBe("/products?cat=18");
    });
  });
});
