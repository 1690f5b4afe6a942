import { describe, expect, it } from "vitest";
import { addItem, cartCount, parseStoredCart, serializeCart, type CartItem } from "./cart-items";

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
