import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../app/db/client.server";
import { productPriceHistory, products } from "../../app/db/schema";
import { lowestPriceBefore } from "../../app/features/catalogue/offer";
import type { CartQuote } from "../../app/features/cart-checkout/quote";
import { textOf } from "../support/catalogue-html";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { postToAction } from "../support/single-fetch";

/**
 * The price history and the honest "was" price (docs/decisions/XXXX-honest-was-price.md) against a
 * real migrated database: the trigger on products records every selling price and keeps each
 * offer's reference (lowest price of the 30 days before it), and every place that strikes a price
 * shows that reference or nothing.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Runs `change` as if it happened `daysAgo` days ago: the trigger dates the price change from the setting. */
async function daysAgo(db: Db, days: number, change: (tx: Db) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('app.price_changed_at', (now() - make_interval(days => ${days}))::text, true)`,
    );
    await change(tx as unknown as Db);
  });
}

const setPrices = (db: Db, artNo: number, values: Partial<typeof products.$inferInsert>) =>
  db.update(products).set(values).where(eq(products.artNo, artNo));

async function productRow(db: Db, artNo: number) {
  const [row] = await db.select().from(products).where(eq(products.artNo, artNo));
  return row!;
}

async function historyOf(db: Db, artNo: number) {
  return db
    .select({
      priceCents: productPriceHistory.priceCents,
      validFrom: productPriceHistory.validFrom,
      source: productPriceHistory.source,
    })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.artNo, artNo))
    .orderBy(productPriceHistory.validFrom);
}

/** The visible text of the product card (an <article>) that links to this product. */
function cardText(html: string, artNo: number): string {
  const card = html.split("<article").find((part) => part.includes(`href="/product/${artNo}"`));
  if (!card) throw new Error(`no card for ${artNo}`);
  return textOf(`<article${card.slice(0, card.indexOf("</article>"))}`);
}

/** The product page's price block: from the ArtNo line to the VAT note. */
function priceBlock(html: string): string {
  const text = textOf(html);
  return text.slice(text.indexOf("Art.nr."), text.indexOf("btw") + 3);
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no JSON-LD script in the page");
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

describe("price history and the honest 'was' price", () => {
  const { app, database } = useTestApp();
  const quote = async (artNo: number) => {
    const res = await postToAction<{ quote: CartQuote }>(app, "/cart", {
      intent: "quote",
      items: JSON.stringify([{ artNo, quantity: 1 }]),
    });
    expect(res.status).toBe(200);
    return res.data.quote.lines[0]!;
  };

  // 6001: 39,95 for months, raised to 49,95 ten days ago, "discounted" to 39,95 today.
  // 6002: the same raise, discounted to 34,95 today: a real reduction, but from 39,95.
  // 6003: 49,95 for months, discounted to 37,45 today (honest: was 49,95).
  beforeAll(async () => {
    const db = database.db;
    const cat = await createCategory(db, { id: 8, name: "Fietsonderdelen", level: 1 });
    for (const artNo of [6001, 6002, 6003]) {
      await daysAgo(db, 90, (tx) =>
        createProduct(tx, {
          artNo,
          categoryId: cat.id,
          brand: "Continental",
          shortDescription: `Buitenband GP5000 ${artNo}`,
          consumerPriceCents: artNo === 6003 ? 4995 : 3995,
        }),
      );
    }
    for (const artNo of [6001, 6002]) await daysAgo(db, 10, (tx) => setPrices(tx, artNo, { consumerPriceCents: 4995 }));
    await setPrices(db, 6001, { discountedPriceCents: 3995 });
    await setPrices(db, 6002, { discountedPriceCents: 3495 });
    await setPrices(db, 6003, { discountedPriceCents: 3745 });
  });

  it("records the selling price on insert and on each change of it, with its time, and nothing else", async () => {
    const db = database.db;
    const before = Date.now();
    await createProduct(db, { artNo: 6100, consumerPriceCents: 1995 });
    await setPrices(db, 6100, { shortDescription: "Nieuwe naam", images: ["/x.jpg"], status: 0 });
    await setPrices(db, 6100, { status: 1 });
    await setPrices(db, 6100, { consumerPriceCents: 2495 });
    await setPrices(db, 6100, { discountedPriceCents: 2495 }); // not lower: no offer, price unchanged
    await setPrices(db, 6100, { discountedPriceCents: 2195 });
    await setPrices(db, 6100, { discountedPriceCents: null });
    // Price 0 is "no price": not a selling price, not recorded.
    await setPrices(db, 6100, { consumerPriceCents: 0 });
    const history = await historyOf(db, 6100);
    // All in one test; changes in one transaction would share a time, here each statement is its own.
    expect(history.map((h) => h.priceCents)).toEqual([1995, 2495, 2195, 2495]);
    expect(history.every((h) => h.source === "database")).toBe(true);
    for (const h of history) expect(h.validFrom.getTime()).toBeGreaterThanOrEqual(before - 1000);
    for (const h of history) expect(h.validFrom.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("keeps one row per moment: two changes in one transaction leave the last price", async () => {
    const db = database.db;
    await createProduct(db, { artNo: 6101, consumerPriceCents: 1000 });
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.price_source', 'import', true)`);
      await setPrices(tx as unknown as Db, 6101, { consumerPriceCents: 1100 });
      await setPrices(tx as unknown as Db, 6101, { consumerPriceCents: 1200 });
    });
    const history = await historyOf(db, 6101);
    expect(history.map((h) => [h.priceCents, h.source])).toEqual([
      [1000, "database"],
      [1200, "import"],
    ]);
  });

  it("does not make a price raised just before a discount the 'was' price (the 30-day rule)", async () => {
    const db = database.db;
    const fake = await productRow(db, 6001);
    expect(fake).toMatchObject({ consumerPriceCents: 4995, discountedPriceCents: 3995, referencePriceCents: 3995 });
    expect(fake.offerStartedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const real = await productRow(db, 6002);
    expect(real.referencePriceCents).toBe(3995);
    expect((await productRow(db, 6003)).referencePriceCents).toBe(4995);
    // The trigger and the pure rule agree on the recorded history.
    for (const artNo of [6001, 6002, 6003]) {
      const row = await productRow(db, artNo);
      const history = (await historyOf(db, artNo)).filter((h) => h.validFrom < row.offerStartedAt!);
      expect(lowestPriceBefore(history, row.offerStartedAt!)).toBe(row.referencePriceCents);
    }
    expect((await historyOf(db, 6001)).map((h) => h.priceCents)).toEqual([3995, 4995, 3995]);
  });

  it("shows the struck price on cards only when it is honest, on listings and in search results", async () => {
    for (const path of ["/products?cat=8", "/products?q=GP5000"]) {
      const { status, html } = await app.html(path);
      expect(status).toBe(200);
      const fake = cardText(html, 6001);
      expect(fake).toMatch(/€\s39,95/);
      expect(fake).not.toMatch(/€\s49,95/);
      expect(fake).not.toContain("Korting");
      expect(fake).not.toContain("Van ");
      const real = cardText(html, 6002);
      expect(real).toMatch(/-13% Korting/);
      expect(real).toMatch(/€\s34,95 Van €\s39,95/);
      expect(real).not.toMatch(/49,95/);
      expect(cardText(html, 6003)).toMatch(/-25% Korting.*€\s37,45 Van €\s49,95/);
    }
    const grid = textOf((await app.html("/products-grid")).html);
    expect(grid).toMatch(/Buitenband GP5000 6001 Fietsonderdelen €\s39,95 /);
    expect(grid).toMatch(/Buitenband GP5000 6002 Fietsonderdelen €\s34,95 Van €\s39,95/);
  });

  it("shows the honest struck price on the product page, and a truthful JSON-LD", async () => {
    const fake = await app.html("/product/6001");
    expect(fake.status).toBe(200);
    const fakePrice = priceBlock(fake.html);
    expect(fakePrice).toMatch(/€\s39,95 Prijs incl\. 21% btw$/);
    expect(fakePrice).not.toContain("Korting");
    expect(fake.html).not.toContain("49,95");
    expect(fake.html).not.toContain("<s ");

    const real = await app.html("/product/6002");
    expect(priceBlock(real.html)).toMatch(/€\s34,95 Oorspronkelijke prijs €\s39,95 -13% Korting Prijs incl\. 21% btw/);
    expect(textOf(real.html)).toContain("Doorgestreepte prijs: de laagste prijs in de 30 dagen vóór de aanbieding.");
    expect(real.html).not.toContain("49,95");

    for (const [page, price] of [
      [fake.html, "39.95"],
      [real.html, "34.95"],
    ] as const) {
      const ld = jsonLdOf(page);
      expect(ld.offers).toMatchObject({ "@type": "Offer", price, priceCurrency: "EUR" });
      // No reference or list price is claimed in the structured data.
      expect(JSON.stringify(ld)).not.toMatch(/49\.95|39\.95.*34\.95|priceSpecification|StrikethroughPrice/);
    }
  });

  it("prices the cart at the offer and strikes only the honest reference", async () => {
    expect(await quote(6001)).toMatchObject({ unitPriceCents: 3995, originalPriceCents: null, lineTotalCents: 3995 });
    expect(await quote(6002)).toMatchObject({ unitPriceCents: 3495, originalPriceCents: 3995 });
    expect(await quote(6003)).toMatchObject({ unitPriceCents: 3745, originalPriceCents: 4995 });
  });

  it("keeps the first reference while an offer is deepened, forgets it when the offer ends, and looks back 30 days for the next", async () => {
    const db = database.db;
    await daysAgo(db, 60, (tx) => createProduct(tx, { artNo: 6200, consumerPriceCents: 10000 }));
    await daysAgo(db, 20, (tx) => setPrices(tx, 6200, { discountedPriceCents: 9000 }));
    const started = (await productRow(db, 6200)).offerStartedAt!;
    expect(started.getTime()).toBeLessThan(Date.now() - 19 * DAY);
    await daysAgo(db, 10, (tx) => setPrices(tx, 6200, { discountedPriceCents: 7000 }));
    // A raise of the consumer price during the offer does not lift the reference either.
    await daysAgo(db, 8, (tx) => setPrices(tx, 6200, { consumerPriceCents: 12000 }));
    expect(await productRow(db, 6200)).toMatchObject({ referencePriceCents: 10000, offerStartedAt: started });
    expect(await quote(6200)).toMatchObject({ unitPriceCents: 7000, originalPriceCents: 10000 });

    await daysAgo(db, 5, (tx) => setPrices(tx, 6200, { discountedPriceCents: null }));
    expect(await productRow(db, 6200)).toMatchObject({ referencePriceCents: null, offerStartedAt: null });
    expect(await quote(6200)).toMatchObject({ unitPriceCents: 12000, originalPriceCents: null });

    // A new offer within 30 days of the last one: its lowest price then (70,00) is the reference,
    // so 80,00 is no reduction to show (but it is what the shopper pays).
    await setPrices(db, 6200, { discountedPriceCents: 8000 });
    expect((await productRow(db, 6200)).referencePriceCents).toBe(7000);
    expect(await quote(6200)).toMatchObject({ unitPriceCents: 8000, originalPriceCents: null });
    expect(cardText((await app.html("/products?q=Testproduct%206200")).html, 6200)).not.toContain("Korting");
  });

  it("counts the price in effect when the 30-day window opened, and forgets what ended before it", async () => {
    const db = database.db;
    await daysAgo(db, 100, (tx) => createProduct(tx, { artNo: 6300, consumerPriceCents: 5000 }));
    await daysAgo(db, 45, (tx) => setPrices(tx, 6300, { discountedPriceCents: 2500 }));
    await daysAgo(db, 31, (tx) => setPrices(tx, 6300, { discountedPriceCents: null }));
    await setPrices(db, 6300, { discountedPriceCents: 4000 });
    expect((await productRow(db, 6300)).referencePriceCents).toBe(5000);

    await daysAgo(db, 100, (tx) => createProduct(tx, { artNo: 6301, consumerPriceCents: 5000 }));
    await daysAgo(db, 45, (tx) => setPrices(tx, 6301, { consumerPriceCents: 4500 }));
    await setPrices(db, 6301, { discountedPriceCents: 4000 });
    expect((await productRow(db, 6301)).referencePriceCents).toBe(4500);
  });

  it("dates a factory offer from the caller's clock (test support)", async () => {
    const db = database.db;
    await daysAgo(db, 40, (tx) =>
      createProduct(tx, { artNo: 6500, consumerPriceCents: 3000, discountedPriceCents: 2000 }),
    );
    const row = await productRow(db, 6500);
    expect(row.referencePriceCents).toBe(3000);
    expect(Math.round((Date.now() - row.offerStartedAt!.getTime()) / DAY)).toBe(40);
    const history = await historyOf(db, 6500);
    expect(history.map((h) => [h.priceCents, Math.round((Date.now() - h.validFrom.getTime()) / DAY)])).toEqual([
      [3000, 100],
      [2000, 40],
    ]);
  });

  it("gives a product that arrives on offer no 'was' price: nothing proves an earlier price", async () => {
    const db = database.db;
    await createProduct(db, { artNo: 6400, consumerPriceCents: 5000, discountedPriceCents: 2500, offerHistory: false });
    expect(await productRow(db, 6400)).toMatchObject({ referencePriceCents: null });
    expect(await quote(6400)).toMatchObject({ unitPriceCents: 2500, originalPriceCents: null });
    expect(priceBlock((await app.html("/product/6400")).html)).not.toContain("Korting");
  });

  it("does not let a writer set the reference itself", async () => {
    const db = database.db;
    await setPrices(db, 6001, { referencePriceCents: 9999, offerStartedAt: new Date(0) });
    expect((await productRow(db, 6001)).referencePriceCents).toBe(3995);
    await db.insert(products).values({
      artNo: 6401,
      brand: "X",
      shortDescription: "Y",
      consumerPriceCents: 5000,
      discountedPriceCents: 1000,
      referencePriceCents: 9999,
      offerStartedAt: new Date(0),
    });
    const row = await productRow(db, 6401);
    expect(row.referencePriceCents).toBeNull();
    expect(row.offerStartedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
