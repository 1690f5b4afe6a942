import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { CartQuote } from "../../app/features/cart-checkout/quote";
import { quoteCart } from "../../app/features/cart-checkout/quote.server";
import { createProduct } from "../support/factories";
import { postToAction } from "../support/single-fetch";
import { useTestApp } from "../support/fixture";

type Answer = { intent: "quote"; quote: CartQuote };

describe("cart quotes (/cart)", () => {
  const { app, database } = useTestApp();
  const p = {} as Record<
    "chain" | "gel" | "wheel" | "inactive" | "noBrand" | "soldOut" | "unknownStock",
    Awaited<ReturnType<typeof createProduct>>
  >;

  const quote = async (items: unknown[]) => {
    const res = await postToAction<Answer>(app, "/cart", { intent: "quote", items: JSON.stringify(items) });
    expect(res.status).toBe(200);
    expect(res.data.intent).toBe("quote");
    return res.data.quote;
  };

  beforeAll(async () => {
    const db = database.db;
    p.chain = await createProduct(db, {
      shortDescription: "Ketting CN-HG701 11-speed",
      brand: "Shimano",
      consumerPriceCents: 2995,
      discountedPriceCents: 2495,
      vatRate: 21,
      images: ["/media/products/ketting.jpg", "/media/products/ketting-2.jpg"],
      stockQuantity: 10,
    });
    p.gel = await createProduct(db, {
      shortDescription: "Energiegel Citroen 40 g",
      brand: "SiS",
      consumerPriceCents: 1250,
      vatRate: 9,
      stockQuantity: 3,
    });
    p.wheel = await createProduct(db, { shortDescription: "Achterwiel 28 inch", consumerPriceCents: 6000 });
    p.inactive = await createProduct(db, { status: 0 });
    p.noBrand = await createProduct(db, { brand: null });
    p.soldOut = await createProduct(db, { stockQuantity: 0 });
    p.unknownStock = await createProduct(db, { stockQuantity: null });
  });

  it("renders the page frame on the server (the cart itself lives in the browser)", async () => {
    const { status, html } = await app.html("/cart");
    expect(status).toBe(200);
    expect(html).toContain("<title>Winkelwagen | Trapkracht</title>");
    expect(html).toMatch(/<h1[^>]*>Winkelwagen<\/h1>/);
    expect(html).toContain("Winkelwagen laden…");
    expect(html).toContain('<meta name="robots" content="noindex');
  });

  it("prices from the database, ignoring every price, name and VAT the browser posts", async () => {
    const q = await quote([
      {
        ArtNo: p.chain.artNo,
        quantity: 2,
        price: 0.01,
        originalPrice: 0.02,
        name: "Gratis ketting",
        Brand: "Nep",
        VAT: 0,
        unitPriceCents: 1,
        lineTotalCents: 2,
      },
    ]);
    expect(q.lines).toEqual([
      {
        artNo: p.chain.artNo,
        name: "Ketting CN-HG701 11-speed",
        brand: "Shimano",
        image: "/media/products/ketting.jpg",
        unitPriceCents: 2495,
        originalPriceCents: 2995,
        vatRate: 21,
        quantity: 2,
        lineTotalCents: 4990,
        stockQuantity: 10,
        problem: null,
      },
    ]);
    expect(q.totals).toEqual({
      subtotalCents: 4990,
      discountCents: 0,
      shippingCents: 495,
      totalCents: 5485,
      vat: [{ rate: 21, amountCents: 952 }],
      freeShippingRemainingCents: 10,
    });
    expect(q.sellable).toBe(true);
    expect(q.coupon).toBeNull();
  });

  it("shows VAT per rate for a 21 % and a 9 % line, shipping shared over both", async () => {
    const q = await quote([
      { artNo: p.chain.artNo, quantity: 1 },
      { artNo: p.gel.artNo, quantity: 2 },
    ]);
    expect(q.lines.map((l) => [l.vatRate, l.originalPriceCents, l.lineTotalCents])).toEqual([
      [21, 2995, 2495],
      [9, null, 2500],
    ]);
    expect(q.totals).toMatchObject({
      subtotalCents: 4995,
      shippingCents: 495,
      totalCents: 5490,
      vat: [
        { rate: 21, amountCents: 476 },
        { rate: 9, amountCents: 227 },
      ],
      freeShippingRemainingCents: 5,
    });
  });

  it("ships free from €50 on", async () => {
    const q = await quote([{ artNo: p.wheel.artNo, quantity: 1 }]);
    expect(q.totals).toMatchObject({ subtotalCents: 6000, shippingCents: 0, totalCents: 6000 });
    expect(q.totals.freeShippingRemainingCents).toBe(0);
    const exactly = await quote([
      { artNo: p.chain.artNo, quantity: 2 },
      { artNo: p.gel.artNo, quantity: 1 },
    ]);
    expect(exactly.totals).toMatchObject({ subtotalCents: 6240, shippingCents: 0, freeShippingRemainingCents: 0 });
  });

  it("names the problem of each line and prices only the lines that can be sold", async () => {
    const q = await quote([
      { artNo: p.chain.artNo, quantity: 1 },
      { artNo: p.inactive.artNo, quantity: 1 },
      { artNo: p.noBrand.artNo, quantity: 1 },
      { artNo: 999_999_999, quantity: 1 },
      { artNo: p.soldOut.artNo, quantity: 1 },
      { artNo: p.unknownStock.artNo, quantity: 1 },
      { artNo: p.gel.artNo, quantity: 5 },
    ]);
    expect(q.lines.map((l) => [l.artNo, l.problem, l.stockQuantity])).toEqual([
      [p.chain.artNo, null, 10],
      [p.inactive.artNo, "not-found", null],
      [p.noBrand.artNo, "not-found", null],
      [999_999_999, "not-found", null],
      [p.soldOut.artNo, "out-of-stock", 0],
      [p.unknownStock.artNo, "out-of-stock", null],
      [p.gel.artNo, "insufficient-stock", 3],
    ]);
    const unlisted = q.lines[1]!;
    expect(unlisted).toMatchObject({ unitPriceCents: 0, lineTotalCents: 0, originalPriceCents: null });
    expect(q.totals).toMatchObject({ subtotalCents: 2495, shippingCents: 495, totalCents: 2990 });
    expect(q.sellable).toBe(false);
  });

  it("merges the same ArtNo and keeps quantities between 1 and 99", async () => {
    const q = await quote([
      { artNo: p.wheel.artNo, quantity: 60 },
      { artNo: p.chain.artNo, quantity: 0 },
      { ArtNo: p.wheel.artNo, quantity: 60 },
      { artNo: p.gel.artNo, quantity: -4 },
    ]);
    expect(q.lines.map((l) => [l.artNo, l.quantity])).toEqual([
      [p.wheel.artNo, 99],
      [p.chain.artNo, 1],
      [p.gel.artNo, 1],
    ]);
    // 99 wheels with 20 in stock: the clamped quantity is what is checked against the stock.
    expect(q.lines[0]!.problem).toBe("insufficient-stock");
  });

  it("answers an empty, unsellable quote for an empty or malformed cart", async () => {
    for (const items of ["[]", "niet-json", '{"artNo":1}']) {
      const res = await postToAction<Answer>(app, "/cart", { intent: "quote", items });
      expect(res.status).toBe(200);
      expect(res.data.quote.lines).toEqual([]);
      expect(res.data.quote.sellable).toBe(false);
      expect(res.data.quote.totals).toMatchObject({ totalCents: 0, shippingCents: 0 });
    }
  });

  it("refuses an unknown intent, and a post from another origin", async () => {
    const unknown = await postToAction<{ intent: string }>(app, "/cart", { intent: "afrekenen" });
    expect(unknown.status).toBe(400);
    const foreign = await app.get("/cart.data", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "quote", items: "[]" }).toString(),
    });
    expect(foreign.status).toBe(403);
  });

  it("quotes inside a transaction too (the place-order step), reading its own uncommitted writes", async () => {
    const saddle = await createProduct(database.db, { consumerPriceCents: 6000 });
    const q = await database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET consumer_price_cents = 3195 WHERE art_no = ${saddle.artNo}`);
      return quoteCart(tx, { items: [{ artNo: saddle.artNo, quantity: 1 }] });
    });
    expect(q.lines[0]!.unitPriceCents).toBe(3195);
    expect(q.totals.shippingCents).toBe(495);
  });
});
