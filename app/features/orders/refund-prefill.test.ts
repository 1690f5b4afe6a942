import { describe, expect, it } from "vitest";
import { withdrawalPrefill } from "./refund-prefill";

const items = [
  { id: 1, quantity: 2 },
  { id: 2, quantity: 1 },
];

describe("the refund form filled in from a withdrawal", () => {
  it("takes the withdrawn pieces, without shipping when only part of the order was withdrawn", () => {
    const withdrawals = [{ id: "w1", lines: [{ orderItemId: 1, quantity: 1 }] }];
    expect(withdrawalPrefill(items, [], withdrawals, "w1")).toEqual({
      withdrawalId: "w1",
      pieces: { 1: 1 },
      shipping: false,
    });
  });

  it("adds the shipping when the withdrawals together cover the whole order", () => {
    const withdrawals = [
      { id: "w2", lines: [{ orderItemId: 2, quantity: 1 }] },
      { id: "w1", lines: [{ orderItemId: 1, quantity: 2 }] },
    ];
    expect(withdrawalPrefill(items, [], withdrawals, "w2")).toEqual({
      withdrawalId: "w2",
      pieces: { 2: 1 },
      shipping: true,
    });
  });

  it("leaves out what was paid back already, and the shipping once refunded", () => {
    const withdrawals = [
      {
        id: "w1",
        lines: [
          { orderItemId: 1, quantity: 2 },
          { orderItemId: 2, quantity: 1 },
        ],
      },
    ];
    const earlier = [{ lines: [{ orderItemId: 1, quantity: 1 }], shipping: true }];
    expect(withdrawalPrefill(items, earlier, withdrawals, "w1")).toEqual({
      withdrawalId: "w1",
      pieces: { 1: 1, 2: 1 },
      shipping: false,
    });
  });

  it("is nothing for an unknown withdrawal", () => {
    expect(withdrawalPrefill(items, [], [], "nope")).toBeNull();
  });
});
