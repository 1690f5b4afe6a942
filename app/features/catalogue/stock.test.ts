import { describe, expect, it } from "vitest";
import { isSellable, stockStatus } from "./stock";

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
