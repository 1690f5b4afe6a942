import { describe, expect, it } from "vitest";
import { statusOnSupplierAcceptance } from "./order-transitions";

describe("statusOnSupplierAcceptance (ADR 0029)", () => {
  it.each([
    ["processing", "shipped"],
    ["pending", "shipped"],
    ["shipped", null],
    ["completed", null],
    ["cancelled", null],
    ["iets-anders", null],
  ])("an order that is %s becomes %s", (from, to) => {
    expect(statusOnSupplierAcceptance(from)).toBe(to);
  });
});
