import { describe, expect, it } from "vitest";
import type { CartItem } from "./cart-items";
import { applyQuote, parsePostedItems, postedItems, removeItem, updateQuantity } from "./cart-edit";

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
