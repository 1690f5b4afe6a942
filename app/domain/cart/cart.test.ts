import { describe, expect, it } from "vitest";
import {
  addItem,
  applyQuote,
  cartCount,
  parsePostedItems,
  parseStoredCart,
  postedItems,
  removeItem,
  serializeCart,
  updateQuantity,
  type CartItem,
} from "./cart";

const chain: CartItem = {
  ArtNo: 12345,
  Brand: "Shimano",
  name: "Ketting CN-HG701 11-speed",
  price: 29.95,
  quantity: 1,
  image: "/media/products/12345.jpg",
  originalPrice: 34.95,
  VAT: 21,
};

describe("addItem", () => {
  it("adds a new line for an ArtNo not yet in the cart", () => {
    const result = addItem([], chain, 10);
    expect(result).toEqual({ ok: true, items: [chain] });
  });

  it("merges by ArtNo, adding to the quantity instead of a second line", () => {
    const first = addItem([], chain, 10);
    if (!first.ok) throw new Error("expected ok");
    const second = addItem(first.items, { ...chain, quantity: 2 }, 10);
    if (!second.ok) throw new Error("expected ok");
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.quantity).toBe(3);
  });

  it("keeps other lines untouched when merging", () => {
    const other: CartItem = { ...chain, ArtNo: 777, name: "Remblokken" };
    const result = addItem([other, chain], chain, 5);
    if (!result.ok) throw new Error("expected ok");
    expect(result.items.map((i) => [i.ArtNo, i.quantity])).toEqual([
      [777, 1],
      [12345, 2],
    ]);
  });

  it("refuses when stock is unknown, zero or negative", () => {
    expect(addItem([], chain, null)).toEqual({ ok: false, reason: "out-of-stock" });
    expect(addItem([], chain, undefined)).toEqual({ ok: false, reason: "out-of-stock" });
    expect(addItem([], chain, 0)).toEqual({ ok: false, reason: "out-of-stock" });
    expect(addItem([], chain, -3)).toEqual({ ok: false, reason: "out-of-stock" });
    expect(addItem([], chain, 1).ok).toBe(true);
  });
});

describe("cartCount", () => {
  it("sums quantities", () => {
    expect(cartCount([])).toBe(0);
    expect(cartCount([chain, { ...chain, ArtNo: 2, quantity: 4 }])).toBe(5);
  });
});

describe("persisted shape", () => {
  it("is zustand-persist's envelope under state.items with version 0", () => {
    expect(JSON.parse(serializeCart([chain]))).toEqual({ state: { items: [chain] }, version: 0 });
  });

  it("round-trips through storage text", () => {
    expect(parseStoredCart(serializeCart([chain]))).toEqual([chain]);
  });

  it("reads a cart written by the original store and defaults VAT to 21", () => {
    const raw = JSON.stringify({
      state: { items: [{ ArtNo: 5, Brand: "BYE!", name: "Gel", price: 2.5, quantity: 2, image: "x.jpg" }] },
      version: 0,
    });
    expect(parseStoredCart(raw)).toEqual([
      { ArtNo: 5, Brand: "BYE!", name: "Gel", price: 2.5, quantity: 2, image: "x.jpg", VAT: 21 },
    ]);
  });

  it("yields an empty cart for missing or malformed storage and drops malformed lines", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(JSON.stringify({ state: { items: "x" } }))).toEqual([]);
    const raw = JSON.stringify({
      state: { items: [chain, { ArtNo: "9", name: "x", price: 1, quantity: 1 }, { ...chain, ArtNo: 8, quantity: 0 }] },
    });
    expect(parseStoredCart(raw)).toEqual([chain]);
  });
});

describe("updateQuantity, removeItem", () => {
  it("sets a quantity of at least 1 and removes by ArtNo", () => {
    const other = { ...chain, ArtNo: 2 };
    expect(updateQuantity([chain, other], 12345, 4).map((i) => i.quantity)).toEqual([4, 1]);
    expect(updateQuantity([chain], 12345, 0)[0]!.quantity).toBe(1);
    expect(updateQuantity([chain], 12345, Number.NaN)[0]!.quantity).toBe(1);
    expect(removeItem([chain, other], 12345)).toEqual([other]);
  });
});

describe("applyQuote", () => {
  const quoted = {
    artNo: 12345,
    name: "Ketting CN-HG701",
    brand: "Shimano",
    image: "/media/products/new.jpg",
    unitPriceCents: 3195,
    originalPriceCents: null,
    vatRate: 21,
    quantity: 2,
    problem: null,
  };
  it("takes the server's price, name, image and VAT; drops an offer that ended; clamps the quantity", () => {
    expect(applyQuote([{ ...chain, quantity: 150 }], [quoted])).toEqual([
      {
        ArtNo: 12345,
        Brand: "Shimano",
        name: "Ketting CN-HG701",
        price: 31.95,
        quantity: 99,
        image: "/media/products/new.jpg",
        VAT: 21,
      },
    ]);
  });
  it("keeps the shopper's quantity when the answer is older than the last click", () => {
    expect(applyQuote([{ ...chain, quantity: 3 }], [quoted])[0]!.quantity).toBe(3);
  });
  it("returns the same array when nothing changed, and keeps lines the shop no longer sells", () => {
    const same = [chain];
    const asQuoted = { ...quoted, name: chain.name, image: chain.image, unitPriceCents: 2995, quantity: 1 };
    expect(applyQuote(same, [{ ...asQuoted, originalPriceCents: 3495 }])).toBe(same);
    expect(applyQuote(same, [{ ...asQuoted, problem: "not-found", unitPriceCents: 0 }])).toBe(same);
  });
});

describe("parsePostedItems", () => {
  it("reads only ArtNo and quantity, whatever else is posted", () => {
    const posted = JSON.stringify([
      { ArtNo: 12345, quantity: 2, price: 0.01, name: "Gratis", VAT: 0 },
      { artNo: 7, quantity: "3" },
      { artNo: "x", quantity: 1 },
      { artNo: -4, quantity: 1 },
      null,
    ]);
    expect(parsePostedItems(posted)).toEqual([
      { artNo: 12345, quantity: 2 },
      { artNo: 7, quantity: 3 },
    ]);
  });
  it("gives an empty list for anything that is not a JSON list", () => {
    expect(parsePostedItems("{")).toEqual([]);
    expect(parsePostedItems('{"artNo":1}')).toEqual([]);
    expect(parsePostedItems(null)).toEqual([]);
  });
  it("posts ArtNo and quantity only", () => {
    expect(JSON.parse(postedItems([chain]))).toEqual([{ artNo: 12345, quantity: 1 }]);
  });
});
