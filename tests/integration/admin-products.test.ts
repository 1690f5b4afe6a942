import { asc, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../app/db/client.server";
import {
  adminChanges,
  filterValuesCache,
  productPriceHistory,
  products,
  productTags,
  stock,
} from "../../app/db/schema";
import { configureFilters, createFilterTypes, FILTER } from "../support/catalogue-factories";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

/**
 * The Product Management tab (issue 9) over HTTP against a real migrated database: the guard, the
 * table and its search and keyset paging, every action with each validation message and its toast,
 * the audit record, and each change reaching the storefront at the next request.
 */
const { app, database } = useTestApp();
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

const CAT_ROOT = 8;
const CAT_CHAINS = 6100;
const CAT_BRAKES = 6101;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "product.beheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "product.klant@example.nl" });
  await createFilterTypes(db());
  await createCategory(db(), { id: CAT_ROOT, name: "Fietsonderdelen", level: 1 });
  await createCategory(db(), { id: CAT_CHAINS, name: "Kettingen", parentId: CAT_ROOT, level: 2 });
  await createCategory(db(), { id: CAT_BRAKES, name: "Remmen", parentId: CAT_ROOT, level: 2 });
  await configureFilters(db(), CAT_CHAINS, [FILTER.brand, FILTER.color]);
  await configureFilters(db(), CAT_BRAKES, [FILTER.brand, FILTER.color]);
});

const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
const postAs = (cookie: string | null, fields: Record<string, string>) =>
  app.post("/admin/products", fields, cookie ? { headers: { cookie } } : {});
const post = (fields: Record<string, string>) => postAs(admin.cookie, fields);
type Answer = { ok: boolean; title: string; description?: string };
/** The action's answer (the toast) from the route's single-fetch or JSON body. */
async function answer(res: Response): Promise<Answer> {
  const html = await res.text();
  const m = html.match(
    /role="(status|alert)"[^>]*><p class="font-semibold">([^<]*)<\/p>(?:<p class="text-sm">([^<]*)<\/p>)?/,
  );
  if (!m) throw new Error(`no action message in answer (${res.status}): ${html.slice(0, 200)}`);
  const unescape = (s: string | undefined) =>
    s
      ?.replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  return { ok: m[1] === "status", title: unescape(m[2])!, description: unescape(m[3]) };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** Every row of every table this tab can write, to prove a request changed nothing. */
async function snapshot(database: Db) {
  return {
    products: await database.select().from(products).orderBy(asc(products.artNo)),
    stock: await database.select().from(stock).orderBy(asc(stock.artNo)),
    tags: await database.select().from(productTags).orderBy(asc(productTags.artNo), asc(productTags.tag)),
    changes: await database.select().from(adminChanges).orderBy(asc(adminChanges.id)),
    facets: await database
      .select()
      .from(filterValuesCache)
      .orderBy(asc(filterValuesCache.categoryId), asc(filterValuesCache.filterTypeId), asc(filterValuesCache.value)),
  };
}

async function lastChange() {
  const [row] = await db().select().from(adminChanges).orderBy(desc(adminChanges.id)).limit(1);
  return row!;
}

const edit = (artNo: number, overrides: Record<string, string> = {}) => ({
  intent: "update",
  artNo: String(artNo),
  brand: "Shimano",
  shortDescription: "Ketting Testmodel",
  longDescriptionHtml: "<p>Sterke ketting</p>",
  categoryId: String(CAT_CHAINS),
  consumerPrice: "24,95",
  discountedPrice: "",
  vatRate: "21",
  status: "1",
  stockQuantity: "5",
  images: "/media/products/1.svg",
  colour: "Zilver",
  material: "Staal",
  size: "11-speed",
  type: "Ketting",
  articleKeyword: "ketting",
  ...overrides,
});

describe("refused for guests and customers, with no change in the database", () => {
  let artNo = 0;
  beforeAll(async () => {
    artNo = (
      await createProduct(db(), { categoryId: CAT_CHAINS, shortDescription: "Blijft zoals het is", tags: ["vast"] })
    ).artNo;
  });

  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`${who}: every page of the tab redirects to / with Access Denied`, async () => {
      await expectAdminOnly(
        app,
        cookie(),
        [
          "/admin/products",
          `/admin/products?edit=${artNo}`,
          "/admin/product-management",
          "/admin",
          "/admin/products.data",
        ],
        { hidden: ["Blijft zoals het is"] },
      );
    });

    it(`${who}: every action is refused and changes nothing`, async () => {
      const actions: Record<string, string>[] = [
        edit(artNo, { shortDescription: "Gekaapt" }),
        { intent: "set-inactive", artNo: String(artNo) },
        { intent: "delete", artNo: String(artNo) },
        { intent: "tag-add", artNo: String(artNo), tag: "gekaapt" },
        { intent: "tag-remove", artNo: String(artNo), tag: "vast" },
      ];
      await expectAdminOnly(
        app,
        cookie(),
        actions.flatMap((fields) => ["/admin/products", "/admin/product-management"].map((path) => ({ path, fields }))),
        { unchanged: () => snapshot(db()) },
      );
    });
  }
});

describe("the table", () => {
  const base = 3_000_000;
  beforeAll(async () => {
    // 120 products with consecutive ArtNos: three pages of 50, 50 and 20.
    await db()
      .insert(products)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          artNo: base + i,
          brand: i % 2 ? "Pagemerk" : "Anderemerk",
          shortDescription: `Paginaproduct ${i}`,
          consumerPriceCents: 1000 + i,
          categoryId: CAT_BRAKES,
          status: i === 3 ? 0 : 1,
        })),
      );
  });

  it("/admin/products and /admin/product-management show the tab with its columns", async () => {
    for (const path of ["/admin/products", "/admin/product-management"]) {
      const { status, html } = await asAdmin(`${path}?q=Paginaproduct`);
      expect(status, path).toBe(200);
      const page = text(html);
      expect(page, path).toContain("Product Management");
      expect(page, path).not.toContain("Coming soon");
      for (const column of [
        "ArtNo",
        "Brand",
        "Description",
        "Category",
        "Consumer Price",
        "Discounted Price",
        "Actions",
      ]) {
        expect(html, `${path} ${column}`).toContain(`>${column}</th>`);
      }
      expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/products"/);
      // Each row links the product's own change history (spec: readable per item).
      expect(html, path).toMatch(/href="\/admin\/changes\?type=product&amp;id=\d+"/);
    }
  });

  it("lists 50 a page in ArtNo order, inactive products too, and pages by seeking on ArtNo", async () => {
    const first = (await asAdmin("/admin/products?q=Paginaproduct")).html;
    const artNos = (html: string) => [...html.matchAll(/>Paginaproduct (\d+)</g)].map((m) => Number(m[1]));
    expect(artNos(first)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(text(first)).toContain("Inactive");
    expect(first).toContain(`href="/admin/products?q=Paginaproduct&amp;after=${base + 49}&amp;page=2"`);
    expect(first).not.toContain("Previous page");

    const second = (await asAdmin(`/admin/products?q=Paginaproduct&after=${base + 49}&page=2`)).html;
    expect(artNos(second)).toEqual(Array.from({ length: 50 }, (_, i) => i + 50));
    expect(text(second)).toContain("Page 2");
    expect(second).toContain(`before=${base + 50}`);

    const third = (await asAdmin(`/admin/products?q=Paginaproduct&after=${base + 99}&page=3`)).html;
    expect(artNos(third)).toEqual(Array.from({ length: 20 }, (_, i) => i + 100));
    expect(third).not.toContain("Next page");

    const back = (await asAdmin(`/admin/products?q=Paginaproduct&before=${base + 100}&page=2`)).html;
    expect(artNos(back)).toEqual(Array.from({ length: 50 }, (_, i) => i + 50));
  });

  it("searches ArtNo exactly and by prefix, brand and description, case-insensitively", async () => {
    const hits = async (q: string) =>
      [...(await asAdmin(`/admin/products?q=${encodeURIComponent(q)}`)).html.matchAll(/>Paginaproduct (\d+)</g)].map(
        (m) => Number(m[1]),
      );
    expect(await hits(String(base + 7))).toEqual([7]);
    expect(await hits(String(base + 11).slice(0, -1))).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect((await hits("PAGEMERK")).every((i) => i % 2 === 1)).toBe(true);
    expect(await hits("paginaproduct 11")).toEqual([11, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119]);
    expect(await hits("niets-dat-bestaat")).toEqual([]);
    expect(text((await asAdmin("/admin/products?q=niets-dat-bestaat")).html)).toContain(
      'No products match "niets-dat-bestaat".',
    );
    // A % in the search is a character, not a wildcard.
    expect(await hits("%")).toEqual([]);
    // Products the shop does not list are found too, by description and by brand.
    const hidden = await createProduct(db(), {
      shortDescription: "Verborgen remkabel",
      brand: "Schaduwmerk",
      status: 0,
    });
    for (const q of ["VERBORGEN REM", "schaduwm"])
      expect((await asAdmin(`/admin/products?q=${encodeURIComponent(q)}`)).html).toContain(`>${hidden.artNo}<`);
  });

  it("opens the Update Product dialog and the delete question from the URL", async () => {
    const p = await createProduct(db(), { categoryId: CAT_CHAINS, shortDescription: "Dialoogproduct", tags: ["race"] });
    const dialog = text((await asAdmin(`/admin/products?edit=${p.artNo}`)).html);
    expect(dialog).toContain("Update Product");
    expect(dialog).toContain("Fietsonderdelen › Kettingen");
    expect(dialog).toContain("race");
    const question = text((await asAdmin(`/admin/products?delete=${p.artNo}`)).html);
    expect(question).toContain("Delete product?");
    expect(question).toContain("Dialoogproduct");
  });
});

describe("Update Product", () => {
  it("saves every field, sanitises the HTML, records before/after and reaches the storefront", async () => {
    const p = await createProduct(db(), {
      categoryId: CAT_BRAKES,
      brand: "Oudmerk",
      shortDescription: "Remblok Origineel",
      consumerPriceCents: 1995,
      colour: "Zwart",
    });
    const res = await post(
      edit(p.artNo, {
        brand: "Nieuwmerk",
        shortDescription: "Ketting Bijgewerkt",
        longDescriptionHtml: '<p onclick="x()">Sterk</p><script>alert(1)</script>',
        consumerPrice: "1.249,50",
        discountedPrice: "999,00",
        vatRate: "9",
        stockQuantity: "7",
        images: "/media/products/2.svg\nhttps://cdn.example.nl/a.jpg",
        colour: "Paarsblauw",
      }),
    );
    expect(res.status).toBe(200);
    expect(await answer(res)).toEqual({ ok: true, title: "Product updated successfully", description: undefined });

    const [row] = await db().select().from(products).where(eq(products.artNo, p.artNo));
    expect(row).toMatchObject({
      brand: "Nieuwmerk",
      shortDescription: "Ketting Bijgewerkt",
      consumerPriceCents: 124950,
      discountedPriceCents: 99900,
      vatRate: 9,
      categoryId: CAT_CHAINS,
      images: ["/media/products/2.svg", "https://cdn.example.nl/a.jpg"],
      colour: "Paarsblauw",
      material: "Staal",
      size: "11-speed",
      type: "Ketting",
      articleKeyword: "ketting",
    });
    expect(row!.longDescriptionHtml).toBe("<p>Sterk</p>");
    const [stockRow] = await db().select().from(stock).where(eq(stock.artNo, p.artNo));
    expect(stockRow!.quantity).toBe(7);
    // The price-history trigger recorded the new selling price (the offer) as the admin's change.
    const history = await db()
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.artNo, p.artNo))
      .orderBy(desc(productPriceHistory.validFrom));
    expect(history[0]).toMatchObject({ priceCents: 99900, source: "admin" });

    const change = await lastChange();
    expect(change).toMatchObject({
      entityType: "product",
      entityId: String(p.artNo),
      action: "update",
      actorEmail: admin.email,
    });
    expect(change.before).toMatchObject({
      brand: "Oudmerk",
      consumerPriceCents: 1995,
      categoryId: CAT_BRAKES,
      stockQuantity: 20,
    });
    expect(change.after).toMatchObject({
      brand: "Nieuwmerk",
      consumerPriceCents: 124950,
      categoryId: CAT_CHAINS,
      stockQuantity: 7,
    });

    // Listing of the new category shows it with the new price; the old category no longer does.
    const listing = text((await app.html(`/products?cat=${CAT_CHAINS}`)).html);
    expect(listing).toContain("Ketting Bijgewerkt");
    expect(listing).toMatch(/999,00/);
    expect(text((await app.html(`/products?cat=${CAT_BRAKES}`)).html)).not.toContain("Ketting Bijgewerkt");
    // Facets: the filter-value cache of both categories (and their parent) was rebuilt.
    const facet = async (categoryId: number, value: string) =>
      (await db().select().from(filterValuesCache).where(eq(filterValuesCache.categoryId, categoryId))).filter(
        (r) => r.value === value,
      );
    expect(await facet(CAT_CHAINS, "Paarsblauw")).toHaveLength(1);
    expect(await facet(CAT_CHAINS, "Nieuwmerk")).toHaveLength(1);
    expect(await facet(CAT_BRAKES, "Oudmerk")).toHaveLength(0);
    // Search suggestions (product_search, kept by trigger).
    const suggestions = (await (await app.get("/api/search-suggestions?q=bijgewerkt")).json()) as {
      results: { artNo: number; brand: string }[];
    };
    expect(suggestions.results).toContainEqual(expect.objectContaining({ artNo: p.artNo, brand: "Nieuwmerk" }));
    // The product page.
    const page = await app.html(`/product/${p.artNo}`);
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain("Ketting Bijgewerkt");
    expect(text(page.html)).toContain("Nieuwmerk");
    expect(page.html).not.toContain("alert(1)");
  });

  it("saves an empty discounted price as no offer and an empty stock quantity as unknown", async () => {
    const p = await createProduct(db(), {
      categoryId: CAT_CHAINS,
      discountedPriceCents: 500,
      consumerPriceCents: 1000,
    });
    const res = await post(edit(p.artNo, { discountedPrice: "", stockQuantity: "", consumerPrice: "12.95" }));
    expect((await answer(res)).title).toBe("Product updated successfully");
    const [row] = await db().select().from(products).where(eq(products.artNo, p.artNo));
    expect(row).toMatchObject({ discountedPriceCents: null, consumerPriceCents: 1295 });
    const [stockRow] = await db().select().from(stock).where(eq(stock.artNo, p.artNo));
    expect(stockRow!.quantity).toBeNull();
  });

  const invalid: [string, Record<string, string>, string][] = [
    ["no category", { categoryId: "" }, "Please select a valid category."],
    ["a non-numeric category", { categoryId: "kettingen" }, "Please select a valid category."],
    ["a category that does not exist", { categoryId: "999999" }, "Please select a valid category."],
    ["no consumer price", { consumerPrice: "" }, "Consumer price is required"],
    ["an unreadable price", { consumerPrice: "twaalf" }, "Consumer price must be an amount such as 12,95"],
    ["a zero price", { consumerPrice: "0,00" }, "Consumer price must be above 0"],
    ["a negative offer", { discountedPrice: "-5,00" }, "Discounted price must be an amount such as 12,95"],
    [
      "an offer not below the price",
      { discountedPrice: "24,95" },
      "Discounted price must be lower than the consumer price",
    ],
    ["another VAT rate", { vatRate: "6" }, "VAT rate must be 21 or 9"],
    ["another status", { status: "2" }, "Status must be active (1) or inactive (0)"],
    ["a negative stock quantity", { stockQuantity: "-1" }, "Stock quantity must be a whole number of 0 or more"],
    [
      "an image that is no URL",
      { images: "javascript:alert(1)" },
      "Images must be paths such as /media/products/1.svg or http(s) URLs",
    ],
    ["a control character", { brand: "Shi\u0007mano" }, "Ongeldige tekens in dit veld"],
    ["a control character in the HTML", { longDescriptionHtml: "<p>a\u0000b</p>" }, "Ongeldige tekens in dit veld"],
    ["a brand that is too long", { brand: "x".repeat(201) }, "Brand must be at most 200 characters"],
  ];
  for (const [name, overrides, message] of invalid) {
    it(`refuses ${name}: "Failed to update product" — ${message}`, async () => {
      const p = await createProduct(db(), { categoryId: CAT_CHAINS, shortDescription: `Ongewijzigd ${name}` });
      const before = await snapshot(db());
      const res = await post(edit(p.artNo, overrides));
      expect(res.status).toBe(400);
      expect(await answer(res)).toEqual({ ok: false, title: "Failed to update product", description: message });
      expect(await snapshot(db())).toEqual(before);
    });
  }

  it("answers 404 for a product that does not exist", async () => {
    const res = await post(edit(2_000_000_001));
    expect(res.status).toBe(404);
    expect(await answer(res)).toEqual({
      ok: false,
      title: "Failed to update product",
      description: "Product not found",
    });
  });
});

describe("set inactive and delete", () => {
  it("set inactive: status 0, gone from listing, suggestions, product page and sitemap at once", async () => {
    const p = await createProduct(db(), {
      categoryId: CAT_CHAINS,
      shortDescription: "Kettingslot Verdwijnt",
      brand: "Abus",
    });
    expect(text((await app.html(`/products?cat=${CAT_CHAINS}`)).html)).toContain("Kettingslot Verdwijnt");
    const res = await post({ intent: "set-inactive", artNo: String(p.artNo) });
    expect(await answer(res)).toEqual({ ok: true, title: "Product set as inactive", description: undefined });
    const [row] = await db().select().from(products).where(eq(products.artNo, p.artNo));
    expect(row!.status).toBe(0);
    expect(await lastChange()).toMatchObject({ action: "set-inactive", before: { status: 1 }, after: { status: 0 } });
    expect(text((await app.html(`/products?cat=${CAT_CHAINS}`)).html)).not.toContain("Kettingslot Verdwijnt");
    const suggestions = (await (await app.get("/api/search-suggestions?q=verdwijnt")).json()) as { results: unknown[] };
    expect(suggestions.results).toEqual([]);
    expect((await app.get(`/product/${p.artNo}`)).status).toBe(404);
    const sitemap = await (await app.get("/sitemap.xml?page=2")).text();
    expect(sitemap).not.toContain(`/product/${p.artNo}<`);
    const facets = await db().select().from(filterValuesCache).where(eq(filterValuesCache.categoryId, CAT_CHAINS));
    expect(facets.find((f) => f.value === "Abus")).toBeUndefined();
    // The admin still sees it, marked inactive.
    expect(text((await asAdmin(`/admin/products?q=${p.artNo}`)).html)).toContain("Inactive");
  });

  it("set inactive of a product that does not exist: Failed to set product as inactive", async () => {
    const res = await post({ intent: "set-inactive", artNo: "2000000002" });
    expect(res.status).toBe(404);
    expect(await answer(res)).toEqual({
      ok: false,
      title: "Failed to set product as inactive",
      description: "Product not found",
    });
  });

  it("delete removes the product with stock and tags; past orders still read right", async () => {
    const p = await createProduct(db(), {
      categoryId: CAT_CHAINS,
      shortDescription: "Kettingolie Weg",
      consumerPriceCents: 895,
      tags: ["olie"],
    });
    const buyer = await createCustomer(db());
    const order = await createOrder(db(), buyer.id, {
      items: [{ productId: String(p.artNo), productName: "Kettingolie Weg", priceCents: 895, quantity: 2 }],
    });
    const res = await post({ intent: "delete", artNo: String(p.artNo) });
    expect(await answer(res)).toEqual({ ok: true, title: "Product deleted successfully", description: undefined });
    expect(await db().select().from(products).where(eq(products.artNo, p.artNo))).toEqual([]);
    expect(await db().select().from(stock).where(eq(stock.artNo, p.artNo))).toEqual([]);
    expect(await db().select().from(productTags).where(eq(productTags.artNo, p.artNo))).toEqual([]);
    expect(await lastChange()).toMatchObject({
      action: "delete",
      entityId: String(p.artNo),
      before: { shortDescription: "Kettingolie Weg", tags: ["olie"] },
      after: null,
    });
    const orderPage = await asAdmin(`/admin/orders/${order.id}`);
    expect(orderPage.status).toBe(200);
    expect(text(orderPage.html)).toContain("Kettingolie Weg");
    expect(text(orderPage.html)).toMatch(/8,95/);
    expect((await app.get(`/product/${p.artNo}`)).status).toBe(404);
  });

  it("delete of a product that does not exist: Failed to delete product", async () => {
    const res = await post({ intent: "delete", artNo: "2000000003" });
    expect(res.status).toBe(404);
    expect(await answer(res)).toEqual({
      ok: false,
      title: "Failed to delete product",
      description: "Product not found",
    });
  });

  it("an unknown intent is refused", async () => {
    const res = await post({ intent: "explode", artNo: "1" });
    expect(res.status).toBe(400);
  });
});

describe("tags", () => {
  it("adds and removes a tag with Dutch toasts and an audit record", async () => {
    const p = await createProduct(db(), { categoryId: CAT_CHAINS });
    const add = await post({ intent: "tag-add", artNo: String(p.artNo), tag: "  Wegrace  " });
    expect(await answer(add)).toEqual({ ok: true, title: "Tag toegevoegd", description: undefined });
    expect(await db().select({ tag: productTags.tag }).from(productTags).where(eq(productTags.artNo, p.artNo))).toEqual(
      [{ tag: "Wegrace" }],
    );
    expect(await lastChange()).toMatchObject({ entityType: "product-tag", action: "add", after: { tag: "Wegrace" } });

    const remove = await post({ intent: "tag-remove", artNo: String(p.artNo), tag: "Wegrace" });
    expect(await answer(remove)).toEqual({ ok: true, title: "Tag verwijderd", description: undefined });
    expect(await db().select().from(productTags).where(eq(productTags.artNo, p.artNo))).toEqual([]);
    expect(await lastChange()).toMatchObject({
      entityType: "product-tag",
      action: "remove",
      before: { tag: "Wegrace" },
    });
  });

  const refused: [string, string, string][] = [
    ["a blank tag", "   ", "De tag mag niet leeg zijn."],
    ["a duplicate tag (any case)", "RACE", 'Dit product heeft de tag "RACE" al.'],
    ["a tag with a control character", "ra\u0001ce", "Ongeldige tekens in dit veld"],
    ["a tag that is too long", "x".repeat(51), "Een tag is hoogstens 50 tekens."],
  ];
  for (const [name, tag, message] of refused) {
    it(`refuses ${name} with "Fout"`, async () => {
      const p = await createProduct(db(), { categoryId: CAT_CHAINS, tags: ["race"] });
      const before = await snapshot(db());
      const res = await post({ intent: "tag-add", artNo: String(p.artNo), tag });
      expect(res.status).toBe(400);
      expect(await answer(res)).toEqual({ ok: false, title: "Fout", description: message });
      expect(await snapshot(db())).toEqual(before);
    });
  }

  it("removing a tag the product does not have is refused with Fout", async () => {
    const p = await createProduct(db(), { categoryId: CAT_CHAINS, tags: ["race"] });
    const res = await post({ intent: "tag-remove", artNo: String(p.artNo), tag: "gravel" });
    expect(res.status).toBe(404);
    expect(await answer(res)).toEqual({
      ok: false,
      title: "Fout",
      description: 'Dit product heeft geen tag "gravel".',
    });
  });
});
