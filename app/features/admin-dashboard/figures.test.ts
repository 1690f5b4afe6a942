import { describe, expect, it } from "vitest";
import { averageOrderCents, changeOf, changeText } from "./figures";

describe("dashboard figures", () => {
  it("averages revenue per order in whole cents", () => {
    expect(averageOrderCents({ orders: 0, revenueCents: 0 })).toBeNull();
    expect(averageOrderCents({ orders: 3, revenueCents: 10_000 })).toBe(3333);
    expect(averageOrderCents({ orders: 2, revenueCents: 1001 })).toBe(501);
  });

  it("compares with the period before in whole percents", () => {
    expect(changeOf(112, 100)).toEqual({ kind: "percent", percent: 12 });
    expect(changeOf(95, 100)).toEqual({ kind: "percent", percent: -5 });
    expect(changeOf(1, 3)).toEqual({ kind: "percent", percent: -67 });
    expect(changeOf(100, 100)).toEqual({ kind: "percent", percent: 0 });
    expect(changeOf(5, 0)).toEqual({ kind: "new" });
    expect(changeOf(0, 0)).toEqual({ kind: "none" });
    expect(changeOf(null, null)).toEqual({ kind: "none" });
    expect(changeOf(null, 250)).toEqual({ kind: "percent", percent: -100 });
  });

  it("says the change in words", () => {
    expect(changeText({ kind: "percent", percent: 12 }, "previous 7 days")).toBe("+12 % vs previous 7 days");
    expect(changeText({ kind: "percent", percent: -5 }, "yesterday")).toBe("\u22125 % vs yesterday");
    expect(changeText({ kind: "percent", percent: 0 }, "previous 30 days")).toBe("0 % vs previous 30 days");
    expect(changeText({ kind: "percent", percent: 1250 }, "yesterday")).toBe("+1.250 % vs yesterday");
    expect(changeText({ kind: "new" }, "previous 7 days")).toBe("none in the previous 7 days");
    expect(changeText({ kind: "none" }, "yesterday")).toBe("none yesterday either");
  });
});
