import { describe, expect, it } from "vitest";
import { parseWithdrawalChoice, WITHDRAWAL_TEXT, withdrawalWindow } from "./withdrawal";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-24T12:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe("withdrawalWindow", () => {
  it("runs 14 days from completion, else from payment", () => {
    expect(
      withdrawalWindow({ status: "processing", paymentStatus: "paid", paidAt: ago(2), completedAt: null }, now),
    ).toEqual({
      open: true,
      endsAt: new Date(ago(2).getTime() + 14 * DAY),
    });
    expect(
      withdrawalWindow({ status: "processing", paymentStatus: "paid", paidAt: ago(15), completedAt: null }, now),
    ).toMatchObject({
      open: false,
      reason: "closed",
    });
    expect(
      withdrawalWindow({ status: "completed", paymentStatus: "paid", paidAt: ago(30), completedAt: ago(13) }, now).open,
    ).toBe(true);
    expect(
      withdrawalWindow({ status: "completed", paymentStatus: "paid", paidAt: ago(30), completedAt: ago(14) }, now).open,
    ).toBe(true);
    expect(
      withdrawalWindow({ status: "completed", paymentStatus: "paid", paidAt: ago(30), completedAt: ago(15) }, now).open,
    ).toBe(false);
  });

  it("is closed for unpaid, cancelled and fully refunded orders", () => {
    expect(
      withdrawalWindow({ status: "pending", paymentStatus: "unpaid", paidAt: null, completedAt: null }, now),
    ).toMatchObject({ reason: "not-paid" });
    expect(
      withdrawalWindow({ status: "cancelled", paymentStatus: "paid", paidAt: ago(1), completedAt: null }, now),
    ).toMatchObject({ reason: "not-paid" });
    expect(
      withdrawalWindow({ status: "processing", paymentStatus: "refunded", paidAt: ago(1), completedAt: null }, now),
    ).toMatchObject({ reason: "refunded" });
  });
});

describe("parseWithdrawalChoice", () => {
  const items = [
    { id: 1, productName: "Ketting", priceCents: 2699, ordered: 2, withdrawn: 1 },
    { id: 2, productName: "Bidon", priceCents: 895, ordered: 1, withdrawn: 0 },
  ];
  it("takes the pieces per line that are left", () => {
    expect(parseWithdrawalChoice(items, { "qty-1": "1", "qty-2": "0" })).toEqual({
      ok: true,
      lines: [{ orderItemId: 1, quantity: 1 }],
    });
  });
  it("refuses nothing chosen, more than is left, and anything but a whole number", () => {
    expect(parseWithdrawalChoice(items, {})).toEqual({ ok: false, message: WITHDRAWAL_TEXT.noItems });
    expect(parseWithdrawalChoice(items, { "qty-1": "2" })).toEqual({ ok: false, message: WITHDRAWAL_TEXT.tooMany });
    expect(parseWithdrawalChoice(items, { "qty-2": "-1" })).toEqual({ ok: false, message: WITHDRAWAL_TEXT.tooMany });
    expect(parseWithdrawalChoice(items, { "qty-2": "1.5" })).toEqual({ ok: false, message: WITHDRAWAL_TEXT.tooMany });
  });
});
