import { asc, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminChanges, productPriceHistory, products, productTags, stock } from "../../app/db/schema";
import { rowsOf } from "../../app/db/rows.server";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { expectAccessDenied, expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

/**
 * Product Management to work in (issue 29, ADR 0034) over HTTP against a real migrated database:
 * the filters and totals, Set active, Undo of set inactive and delete, bulk price / status / category
 * on a selection and on a filter (one change-log entry each, prices worked out by hand, the page cache
 * emptied), the CSV export, the guard on every new intent and route, and the body limit.
 */
// The page cache on, as in production: a bulk change must reach an anonymous visitor at once.
const { app, database } = useTestApp({ PAGE_CACHE_TTL_MS: "60000" });
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

const ROOT = 8;
const CHAINS = 6200;
const BRAKES = 6201;
const CARE = 16;
const BULK = 6300;
const OTHER = 6301;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "bulk.beheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "bulk.klant@example.nl" });
  await createCategory(db(), { id: ROOT, name: "Fietsonderdelen", level: 1 });
  await createCategory(db(), { id: CHAINS, name: "Kettingen", parentId: ROOT, level: 2 });
  await createCategory(db(), { id: BRAKES, name: "Remmen", parentId: ROOT, level: 2 });
  await createCategory(db(), { id: CARE, name: "Onderhoud", level: 1 });
  await createCategory(db(), { id: BULK, name: "Bulkbak", parentId: CARE, level: 2 });
  await createCategory(db(), { id: OTHER, name: "Andere bak", parentId: CARE, level: 2 });
});

/** A form post with repeated fields (sel=1&sel=2), as the browser sends it. */
function postForm(cookie: string | null, pairs: [string, string][], path = "/admin/products") {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: app.url };
  if (cookie) headers.cookie = cookie;
  return app.get(path, { method: "POST", headers, body: new URLSearchParams(pairs).toString() });
}
const post = (pairs: [string, string][]) => postForm(admin.cookie, pairs);

type Answer = { ok: boolean; title: string; description?: string };
/** The action's answer as the page shows it without JavaScript. */
async function answer(res: Response): Promise<Answer> {
  const html = await res.text();
  const m = html.match(
    /role="(status|alert)"[^>]*><p class="font-semibold">([^<]*)<\/p>(?:<p class="text-sm">([^<]*)<\/p>)?/,
  );
  if (!m) throw new Error(`no action message in answer (${res.status}): ${html.slice(0, 300)}`);
  const unescape = (s: string | undefined) =>
    s
      ?.replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&");
  return { ok: m[1] === "status", title: unescape(m[2])!, description: unescape(m[3]) };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The ArtNos the table lists (its row checkboxes) and the total line. */
async function list(query: string) {
  const res = await app.html(`/admin/products?${query}`, { headers: { cookie: admin.cookie } });
  expect(res.status).toBe(200);
  const artNos = [...res.html.matchAll(/name="sel" value="(\d+)"/g)].map((m) => Number(m[1]));
  return { artNos, html: res.html };
}

const changeCount = async () =>
  rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from admin_changes`))[0]!.n;
async function lastChange() {
  const [row] = await db().select().from(adminChanges).orderBy(desc(adminChanges.id)).limit(1);
  return row!;
}
async function priceOf(artNo: number) {
  const [row] = await db()
    .select({
      consumer: products.consumerPriceCents,
      discounted: products.discountedPriceCents,
      status: products.status,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(eq(products.artNo, artNo));
  return row;
}

describe("filters and the total", () => {
  const A = 5_000_001;
  const B = 5_000_002;
  const C = 5_000_003;
  const D = 5_000_004;
  const E = 5_000_005;
  const F = 5_000_006;
  const G = 5_000_007;
  beforeAll(async () => {
    await createProduct(db(), { artNo: A, categoryId: CHAINS, consumerPriceCents: 1995, stockQuantity: 20 });
    await createProduct(db(), {
      artNo: B,
      categoryId: CHAINS,
      consumerPriceCents: 999,
      discountedPriceCents: 799,
      stockQuantity: 3,
    });
    await createProduct(db(), { artNo: C, categoryId: BRAKES, consumerPriceCents: 2495, status: 0, stockQuantity: 0 });
    await createProduct(db(), { artNo: D, categoryId: BRAKES, consumerPriceCents: 200, stockQuantity: 5 });
    await createProduct(db(), {
      artNo: E,
      brand: "Muc-Off",
      categoryId: CARE,
      consumerPriceCents: 1500,
      discountedPriceCents: 1200,
      stockQuantity: null,
    });
    await createProduct(db(), { artNo: F, categoryId: ROOT, consumerPriceCents: 450, status: 0, stockQuantity: -2 });
    // A "discounted" price above the consumer price is no offer (spec 1 §4).
    await createProduct(db(), {
      artNo: G,
      categoryId: CHAINS,
      consumerPriceCents: 3000,
      discountedPriceCents: 3500,
      stockQuantity: 6,
    });
  });

  it.each([
    ["", [A, B, C, D, E, F, G], "7 products"],
    ["cat=8", [A, B, C, D, F, G], "6 products match the filters"],
    ["cat=6200", [A, B, G], "3 products match the filters"],
    ["status=inactive", [C, F], "2 products match the filters"],
    ["status=active", [A, B, D, E, G], "5 products match the filters"],
    ["offer=1", [B, E], "2 products match the filters"],
    ["stock=out", [C, F], "2 products match the filters"],
    ["stock=low", [B, D], "2 products match the filters"],
    ["cat=6201&stock=low", [D], "1 product matches the filters"],
    ["q=muc&offer=1", [E], "1 product matches the filters"],
    ["cat=8&status=inactive&stock=out", [C, F], "2 products match the filters"],
    ["cat=16&stock=out", [], "0 products match the filters"],
  ])("?%s lists %j", async (query, expected, total) => {
    const result = await list(query);
    expect(result.artNos).toEqual(expected);
    expect(text(result.html)).toContain(total);
  });

  it("shows stock and status in the table", async () => {
    const page = text((await list("cat=8")).html);
    expect(page).toContain("Stock");
    expect(page).toContain("Status");
    expect(page).toContain(
      "ArtNo 5000003 Shimano Testproduct 5000003 Category: Remmen Consumer price: € 24,95 Discounted price: — Stock: 0 Out of stock Status: Inactive",
    );
    expect(page).toContain(
      "ArtNo 5000002 Shimano Testproduct 5000002 Category: Kettingen Consumer price: € 9,99 Discounted price: € 7,99 Stock: 3 Low Status: Active",
    );
    expect(page).toContain(
      "ArtNo 5000001 Shimano Testproduct 5000001 Category: Kettingen Consumer price: € 19,95 Discounted price: — Stock: 20 Status: Active",
    );
  });

  it("the filter form keeps the chosen filters, and the export link carries them", async () => {
    const { html } = await list("cat=6200&status=active&offer=1&stock=low");
    expect(html).toContain('href="/admin/products/export.csv?cat=6200&amp;status=active&amp;offer=1&amp;stock=low"');
    expect(html).toMatch(/<option value="6200" selected="">/);
  });
});

describe("set active, and undo of set inactive and delete", () => {
  it("Set active on an inactive product; Undo of set inactive sets it active again", async () => {
    const p = await createProduct(db(), { categoryId: OTHER, status: 0, shortDescription: "Slapend product" });
    const before = await changeCount();
    let res = await post([
      ["intent", "set-active"],
      ["artNo", String(p.artNo)],
    ]);
    expect(await answer(res)).toEqual({ ok: true, title: "Product set as active", description: undefined });
    expect((await priceOf(p.artNo))!.status).toBe(1);
    expect(await lastChange()).toMatchObject({
      entityId: String(p.artNo),
      action: "set-active",
      before: { status: 0 },
      after: { status: 1 },
    });

    res = await post([
      ["intent", "set-inactive"],
      ["artNo", String(p.artNo)],
    ]);
    const html = await res.text();
    expect(html).toContain("Product set as inactive");
    // The answer carries its Undo: a form posting set-active for this product.
    expect(html).toMatch(
      new RegExp(`name="intent" value="set-active"/><input type="hidden" name="artNo" value="${p.artNo}"/>`),
    );
    expect((await priceOf(p.artNo))!.status).toBe(0);
    res = await post([
      ["intent", "set-active"],
      ["artNo", String(p.artNo)],
    ]);
    expect((await answer(res)).title).toBe("Product set as active");
    expect((await priceOf(p.artNo))!.status).toBe(1);
    expect(await changeCount()).toBe(before + 3);
  });

  it("delete, then Undo puts the product back with its stock, tags and prices; a second undo is refused", async () => {
    const p = await createProduct(db(), {
      categoryId: OTHER,
      shortDescription: "Terugkomer",
      consumerPriceCents: 1250,
      colour: "Rood",
      images: ["/media/products/9.svg"],
      stockQuantity: 7,
      tags: ["alpha", "beta"],
    });
    const original = (await db().select().from(products).where(eq(products.artNo, p.artNo)))[0]!;
    let res = await post([
      ["intent", "delete"],
      ["artNo", String(p.artNo)],
    ]);
    const html = await res.text();
    expect(html).toContain("Product deleted successfully");
    const deletion = await lastChange();
    expect(deletion).toMatchObject({ action: "delete", entityId: String(p.artNo), after: null });
    expect(html).toContain(`name="changeId" value="${deletion.id}"`);
    expect(await db().select().from(products).where(eq(products.artNo, p.artNo))).toEqual([]);
    expect((await app.get(`/product/${p.artNo}`)).status).toBe(404);

    res = await post([
      ["intent", "restore"],
      ["changeId", String(deletion.id)],
    ]);
    expect(await answer(res)).toEqual({
      ok: true,
      title: "Product restored",
      description: `ArtNo ${p.artNo} is back.`,
    });
    const back = (await db().select().from(products).where(eq(products.artNo, p.artNo)))[0]!;
    const { updatedAt: _u1, offerStartedAt: _o1, referencePriceCents: _r1, ...was } = original;
    const { updatedAt: _u2, offerStartedAt: _o2, referencePriceCents: _r2, ...now } = back;
    expect(now).toEqual(was);
    expect((await db().select().from(stock).where(eq(stock.artNo, p.artNo)))[0]!.quantity).toBe(7);
    expect(
      (await db().select().from(productTags).where(eq(productTags.artNo, p.artNo)).orderBy(asc(productTags.tag))).map(
        (t) => t.tag,
      ),
    ).toEqual(["alpha", "beta"]);
    expect(await lastChange()).toMatchObject({ action: "restore", entityId: String(p.artNo) });
    expect((await app.get(`/product/${p.artNo}`)).status).toBe(200);

    const again = await post([
      ["intent", "restore"],
      ["changeId", String(deletion.id)],
    ]);
    expect(again.status).toBe(409);
    expect(await answer(again)).toEqual({
      ok: false,
      title: "Failed to restore product",
      description: `A product with ArtNo ${p.artNo} exists already.`,
    });
    // A change that is not a product's delete restores nothing.
    const notADelete = await post([
      ["intent", "restore"],
      ["changeId", String((await lastChange()).id)],
    ]);
    expect(notADelete.status).toBe(404);
    expect((await answer(notADelete)).description).toBe("There is no deleted product to restore.");
  });

  it("the set inactive and delete questions open from the URL", async () => {
    const p = await createProduct(db(), { categoryId: OTHER, brand: "Vraagmerk", shortDescription: "Vraagproduct" });
    const inactive = text(
      (await app.html(`/admin/products?inactive=${p.artNo}`, { headers: { cookie: admin.cookie } })).html,
    );
    expect(inactive).toContain("Set product inactive?");
    expect(inactive).toContain(`Vraagmerk Vraagproduct (ArtNo ${p.artNo}) leaves the shop`);
    const deletion = text(
      (await app.html(`/admin/products?delete=${p.artNo}`, { headers: { cookie: admin.cookie } })).html,
    );
    expect(deletion).toContain("Delete product?");
    expect(deletion).toContain("Undo puts it back");
  });
});

describe("bulk actions", () => {
  const P1 = 5_100_001;
  const P2 = 5_100_002;
  const P3 = 5_100_003;
  const P4 = 5_100_004;
  beforeAll(async () => {
    await createProduct(db(), { artNo: P1, categoryId: BULK, shortDescription: "Bulk een", consumerPriceCents: 1995 });
    await createProduct(db(), {
      artNo: P2,
      categoryId: BULK,
      shortDescription: "Bulk twee",
      consumerPriceCents: 999,
      discountedPriceCents: 799,
    });
    await createProduct(db(), { artNo: P3, categoryId: BULK, shortDescription: "Bulk drie", consumerPriceCents: 50 });
    // Outside the filter: never touched.
    await createProduct(db(), {
      artNo: P4,
      categoryId: OTHER,
      shortDescription: "Buiten de bak",
      consumerPriceCents: 1000,
    });
  });

  it("+10 % on the whole filter: hand-worked prices, one change-log entry, the shop shows it at once", async () => {
    // The anonymous product page is in the page cache.
    expect(text(await (await app.get(`/product/${P1}`)).text())).toMatch(/19,95/);
    expect((await app.get(`/product/${P1}`)).headers.get("x-page-cache")).toBe("hit");
    const before = await changeCount();
    const res = await post([
      ["intent", "bulk-price"],
      ["scope", "filter"],
      ["cat", String(BULK)],
      ["mode", "percent"],
      ["amount", "10"],
    ]);
    expect(await answer(res)).toEqual({ ok: true, title: "Prices changed", description: "3 products changed." });
    // 19,95 × 1,1 = 21,945 → 21,95; 9,99 × 1,1 = 10,989 → 10,99 (offer 7,99 stays below it);
    // 0,50 × 1,1 = 0,55.
    expect(await priceOf(P1)).toMatchObject({ consumer: 2195, discounted: null });
    expect(await priceOf(P2)).toMatchObject({ consumer: 1099, discounted: 799 });
    expect(await priceOf(P3)).toMatchObject({ consumer: 55, discounted: null });
    expect(await priceOf(P4)).toMatchObject({ consumer: 1000 });
    expect(await changeCount()).toBe(before + 1);
    const entry = await lastChange();
    expect(entry).toMatchObject({
      entityType: "product",
      entityId: "bulk",
      action: "bulk-price",
      actorEmail: "bulk.beheer@trapkracht.test",
      before: null,
      after: {
        summary: "Consumer price +10 %: 3 products",
        target: { scope: "filter", filter: { cat: String(BULK) } },
        change: { mode: "percent", basisPoints: 1000, text: "+10 %" },
        matched: 3,
        count: 3,
        products: [
          {
            artNo: P1,
            name: "Shimano Bulk een",
            before: { consumerPriceCents: 1995, discountedPriceCents: null },
            after: { consumerPriceCents: 2195, discountedPriceCents: null },
          },
          {
            artNo: P2,
            name: "Shimano Bulk twee",
            before: { consumerPriceCents: 999, discountedPriceCents: 799 },
            after: { consumerPriceCents: 1099, discountedPriceCents: 799 },
          },
          {
            artNo: P3,
            name: "Shimano Bulk drie",
            before: { consumerPriceCents: 50, discountedPriceCents: null },
            after: { consumerPriceCents: 55, discountedPriceCents: null },
          },
        ],
      },
    });
    // The price history has the new selling price of P1, written by the admin.
    const history = await db()
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.artNo, P1))
      .orderBy(desc(productPriceHistory.validFrom))
      .limit(1);
    expect(history[0]).toMatchObject({ priceCents: 2195, source: "admin" });
    // The cached page was dropped: the visitor sees € 21,95 now.
    const page = await app.get(`/product/${P1}`);
    expect(page.headers.get("x-page-cache")).toBe("miss");
    expect(text(await page.text())).toMatch(/21,95/);
  });

  it("-€ 2,00 on a selection: never below € 0,00, the offer kept while below; then -€ 1,50 ends an offer", async () => {
    const before = await changeCount();
    let res = await post([
      ["intent", "bulk-price"],
      ["scope", "selection"],
      ["sel", String(P1)],
      ["sel", String(P2)],
      ["sel", String(P3)],
      ["mode", "amount"],
      ["amount", "-2,00"],
    ]);
    expect(await answer(res)).toEqual({
      ok: true,
      title: "Prices changed",
      description: `2 products changed. 1 product left alone: ${P3} would cost € 0,00 or less.`,
    });
    // 21,95 − 2,00 = 19,95; 10,99 − 2,00 = 8,99 with the offer 7,99 still below; 0,55 − 2,00 < 0: unchanged.
    expect(await priceOf(P1)).toMatchObject({ consumer: 1995 });
    expect(await priceOf(P2)).toMatchObject({ consumer: 899, discounted: 799 });
    expect(await priceOf(P3)).toMatchObject({ consumer: 55 });
    expect(await changeCount()).toBe(before + 1);
    expect((await lastChange()).after).toMatchObject({
      target: { scope: "selection", artNos: [P1, P2, P3] },
      count: 2,
      skipped: [{ artNo: P3, name: "Shimano Bulk drie", reason: "would cost € 0,00 or less" }],
    });

    // 8,99 − 1,50 = 7,49: the offer of 7,99 is no discount any more, so it ends.
    res = await post([
      ["intent", "bulk-price"],
      ["scope", "selection"],
      ["sel", String(P2)],
      ["mode", "amount"],
      ["amount", "-1,50"],
    ]);
    expect((await answer(res)).ok).toBe(true);
    expect(await priceOf(P2)).toMatchObject({ consumer: 749, discounted: null });
  });

  it("refuses a bad amount, an empty selection and an unknown category, writing nothing", async () => {
    const before = await changeCount();
    const cases: [[string, string][], string][] = [
      [
        [
          ["intent", "bulk-price"],
          ["scope", "selection"],
          ["sel", String(P1)],
          ["mode", "percent"],
          ["amount", "abc"],
        ],
        "Enter a percentage such as 10 or -5 (at most two decimals).",
      ],
      [
        [
          ["intent", "bulk-price"],
          ["scope", "selection"],
          ["sel", String(P1)],
          ["mode", "percent"],
          ["amount", "-95"],
        ],
        "A percentage must be between -90 and +1000.",
      ],
      [
        [
          ["intent", "bulk-price"],
          ["scope", "selection"],
          ["mode", "amount"],
          ["amount", "1"],
        ],
        "Select one or more products first.",
      ],
      [
        [
          ["intent", "bulk-category"],
          ["scope", "selection"],
          ["sel", String(P1)],
          ["newCategory", "999999"],
        ],
        "Please select a valid category.",
      ],
      [
        [
          ["intent", "bulk-status"],
          ["scope", "selection"],
          ["sel", String(P1)],
          ["newStatus", "maybe"],
        ],
        "Choose active or inactive.",
      ],
      [
        [
          ["intent", "bulk-status"],
          ["scope", "filter"],
          ["cat", "6299"],
          ["newStatus", "inactive"],
        ],
        "No products match: nothing was changed.",
      ],
    ];
    for (const [pairs, message] of cases) {
      const res = await post(pairs);
      expect(res.status, message).toBe(400);
      expect((await answer(res)).description).toBe(message);
    }
    expect(await changeCount()).toBe(before);
    expect(await priceOf(P1)).toMatchObject({ consumer: 1995, categoryId: BULK, status: 1 });
  });

  it("set inactive on a filter (one entry, those already inactive counted), then move a selection to another category", async () => {
    await db().update(products).set({ status: 0 }).where(eq(products.artNo, P3));
    const before = await changeCount();
    let res = await post([
      ["intent", "bulk-status"],
      ["scope", "filter"],
      ["cat", String(BULK)],
      ["newStatus", "inactive"],
    ]);
    expect(await answer(res)).toEqual({
      ok: true,
      title: "Products set as inactive",
      description: "2 products changed. 1 product already so.",
    });
    expect((await priceOf(P1))!.status).toBe(0);
    expect((await priceOf(P2))!.status).toBe(0);
    expect((await priceOf(P4))!.status).toBe(1);
    expect(await changeCount()).toBe(before + 1);
    expect(await lastChange()).toMatchObject({
      action: "bulk-status",
      after: {
        count: 2,
        unchanged: 1,
        products: [
          { artNo: P1, before: { status: 1 }, after: { status: 0 } },
          { artNo: P2, before: { status: 1 }, after: { status: 0 } },
        ],
      },
    });
    expect((await app.get(`/product/${P1}`)).status).toBe(404);

    res = await post([
      ["intent", "bulk-status"],
      ["scope", "filter"],
      ["cat", String(BULK)],
      ["status", "inactive"],
      ["newStatus", "active"],
    ]);
    expect(await answer(res)).toEqual({
      ok: true,
      title: "Products set as active",
      description: "3 products changed.",
    });

    res = await post([
      ["intent", "bulk-category"],
      ["scope", "selection"],
      ["sel", String(P1)],
      ["sel", String(P2)],
      ["newCategory", String(OTHER)],
    ]);
    expect(await answer(res)).toEqual({ ok: true, title: "Products moved", description: "2 products moved." });
    expect((await priceOf(P1))!.categoryId).toBe(OTHER);
    expect((await priceOf(P3))!.categoryId).toBe(BULK);
    expect(await changeCount()).toBe(before + 3);
    expect(await lastChange()).toMatchObject({
      action: "bulk-category",
      after: {
        change: { categoryId: OTHER, categoryName: "Andere bak" },
        products: [
          { artNo: P1, before: { categoryId: BULK }, after: { categoryId: OTHER } },
          { artNo: P2, before: { categoryId: BULK }, after: { categoryId: OTHER } },
        ],
      },
    });
  });

  it("the bulk dialog opens from the URL with the count of the selection or the filter", async () => {
    let page = text(
      (await app.html(`/admin/products?cat=${OTHER}&bulk=price&scope=filter`, { headers: { cookie: admin.cookie } }))
        .html,
    );
    expect(page).toContain("Change prices");
    expect(page).toMatch(/All \d+ products matching the filters\./);
    page = text(
      (
        await app.html(`/admin/products?bulk=category&scope=selection&sel=${P1}&sel=${P2}`, {
          headers: { cookie: admin.cookie },
        })
      ).html,
    );
    expect(page).toContain("Move to category");
    expect(page).toContain("2 selected products.");
    expect(page).toContain("Apply to 2 products");
    page = text(
      (await app.html(`/admin/products?bulk=status&scope=selection`, { headers: { cookie: admin.cookie } })).html,
    );
    expect(page).toContain("Select one or more products first");
  });
});

describe("CSV export of the filtered list", () => {
  it("streams the filter's products as CSV for Dutch Excel, private", async () => {
    const p = await createProduct(db(), {
      artNo: 5_200_001,
      categoryId: BRAKES,
      brand: "=cmd",
      shortDescription: 'Remblok "Pro"; set',
      consumerPriceCents: 123456,
      discountedPriceCents: 99900,
      stockQuantity: 4,
    });
    await createProduct(db(), {
      artNo: 5_200_002,
      categoryId: BRAKES,
      status: 0,
      consumerPriceCents: 100,
      stockQuantity: null,
    });
    const res = await app.get(`/admin/products/export.csv?cat=${BRAKES}&offer=1`, {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Read with the byte order mark kept (res.text() drops it): Dutch Excel needs it.
    const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(body).toBe(
      "\uFEFFArtNo;Brand;Description;Category;Consumer Price;Discounted Price;VAT %;Stock;Status\r\n" +
        `${p.artNo};'=cmd;"Remblok ""Pro""; set";Remmen;1234,56;999,00;21;4;Active\r\n`,
    );
    const all = await (
      await app.get(`/admin/products/export.csv?cat=${BRAKES}`, { headers: { cookie: admin.cookie } })
    ).text();
    expect(
      all
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(";")[0]),
    ).toEqual(["5000003", "5000004", "5200001", "5200002"]);
    expect(all).toContain("5200002;Shimano;Testproduct 5200002;Remmen;1,00;;21;;Inactive\r\n");
  });
});

describe("guests and customers are refused every new action and the export", () => {
  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`${who}: refused, nothing written`, async () => {
      const p = await createProduct(db(), { categoryId: OTHER, status: 0, consumerPriceCents: 1000 });
      const before = await changeCount();
      const deletion = await db().select().from(adminChanges).where(eq(adminChanges.action, "delete")).limit(1);
      for (const pairs of [
        [
          ["intent", "set-active"],
          ["artNo", String(p.artNo)],
        ],
        [
          ["intent", "restore"],
          ["changeId", String(deletion[0]?.id ?? 1)],
        ],
        [
          ["intent", "bulk-price"],
          ["scope", "selection"],
          ["sel", String(p.artNo)],
          ["mode", "percent"],
          ["amount", "50"],
        ],
        [
          ["intent", "bulk-price"],
          ["scope", "filter"],
          ["mode", "amount"],
          ["amount", "5"],
        ],
        [
          ["intent", "bulk-status"],
          ["scope", "filter"],
          ["newStatus", "active"],
        ],
        [
          ["intent", "bulk-category"],
          ["scope", "selection"],
          ["sel", String(p.artNo)],
          ["newCategory", String(BULK)],
        ],
      ] as [string, string][][]) {
        await expectAccessDenied(await postForm(cookie(), pairs));
      }
      await expectAdminOnly(app, cookie(), ["/admin/products/export.csv"], { hidden: ["ArtNo;Brand"] });
      expect(await changeCount()).toBe(before);
      expect(await priceOf(p.artNo)).toMatchObject({ consumer: 1000, status: 0, categoryId: OTHER });
    });
  }
});

describe("body limit", () => {
  it.each(["bulk-price", "bulk-status", "bulk-category", "set-active", "restore"])(
    "POST /admin/products (%s) over 64 KiB: 413 and nothing written",
    async (intent) => {
      const p = await createProduct(db(), { categoryId: OTHER, status: 0, consumerPriceCents: 1000 });
      const before = await changeCount();
      const form = new URLSearchParams([
        ["intent", intent],
        ["scope", "filter"],
        ["mode", "percent"],
        ["amount", "10"],
        ["newStatus", "active"],
        ["newCategory", String(BULK)],
        ["artNo", String(p.artNo)],
        ["changeId", "1"],
      ]).toString();
      const res = await app.get("/admin/products", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie: admin.cookie },
        body: `${form}&pad=${"a".repeat(64 * 1024)}`,
      });
      expect(res.status).toBe(413);
      expect(await res.text()).toContain("Het verzoek is te groot");
      expect(await changeCount()).toBe(before);
      expect(await priceOf(p.artNo)).toMatchObject({ consumer: 1000, status: 0, categoryId: OTHER });
    },
  );
});
