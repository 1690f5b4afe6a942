import { describe, expect, it } from "vitest";
import { isSellable, stockStatus } from "./stock";
import { offerOf } from "./offer";

describe("stockStatus", () => {
  it.each([
    [null, "Status onbekend"],
    [undefined, "Status onbekend"],
    [-2, "Niet op voorraad"],
    [0, "Niet op voorraad"],
    [1, "Bijna uitverkocht"],
    [4, "Bijna uitverkocht"],
    [5, "Beperkte voorraad"],
    [9, "Beperkte voorraad"],
    [10, "Op voorraad"],
    [250, "Op voorraad"],
  ])("labels quantity %j as %s", (quantity, label) => {
    expect(stockStatus(quantity).label).toBe(label);
  });

  it("only sells known, positive stock", () => {
    expect(isSellable(null)).toBe(false);
    expect(isSellable(0)).toBe(false);
    expect(isSellable(1)).toBe(true);
  });
});

describe("offerOf", () => {
  it("is an offer only when the discounted price is set, not zero and lower", () => {
    expect(offerOf(2000, 1500)).toEqual({ onOffer: true, percent: 25, wasCents: 2000, nowCents: 1500 });
    expect(offerOf(2000, null)).toEqual({ onOffer: false });
    expect(offerOf(2000, 0)).toEqual({ onOffer: false });
    expect(offerOf(2000, 2000)).toEqual({ onOffer: false });
    expect(offerOf(2000, 2500)).toEqual({ onOffer: false });
  });

  it("rounds the percentage", () => {
    expect(offerOf(2999, 1999)).toMatchObject({ percent: 33 });
  });
});
