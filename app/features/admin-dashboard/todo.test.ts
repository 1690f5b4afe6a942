import { describe, expect, it } from "vitest";
import { countText, todoItems, type TodoCounts } from "./todo";

const none: TodoCounts = {
  supplierWaiting: 0,
  dropshipFailed: 0,
  openWithdrawals: 0,
  nearestRefundDue: null,
  outOfStock: 0,
  lowStock: 0,
  failedFeedRuns: 0,
  mailFailed: 0,
  mailLastError: null,
  mailPending: 0,
};
const now = new Date("2026-11-27T10:00:00Z");

describe("dashboard to-do", () => {
  it("counts in words, past the cap as 1.000+", () => {
    expect(countText(1, "product", "products")).toBe("1 product");
    expect(countText(0, "product", "products")).toBe("0 products");
    expect(countText(1000, "product", "products")).toBe("1.000 products");
    expect(countText(1001, "product", "products")).toBe("1.000+ products");
  });

  it("lists nothing when nothing needs doing", () => {
    expect(todoItems(none, { smtpConfigured: false, now })).toEqual([]);
  });

  it("says when a refund is overdue, and by when the first is due otherwise", () => {
    const due = (iso: string) =>
      todoItems({ ...none, openWithdrawals: 2, nearestRefundDue: iso }, { smtpConfigured: true, now })[0]!;
    expect(due("2026-11-26T09:00:00Z")).toMatchObject({
      detail: "A refund is overdue: it was due on 26 Nov 2026.",
      tone: "danger",
    });
    expect(due("2026-12-04T09:00:00Z")).toMatchObject({ detail: "Refund the first by 4 Dec 2026.", tone: "warning" });
  });

  it("counts waiting mail only while no SMTP server is configured", () => {
    const counts = { ...none, mailPending: 4 };
    expect(todoItems(counts, { smtpConfigured: false, now }).map((i) => i.title)).toEqual([
      "4 e-mails waiting to be sent",
    ]);
    expect(todoItems(counts, { smtpConfigured: true, now })).toEqual([]);
  });

  it("shows a long SMTP error on one short line", () => {
    const error = `550 5.1.1 <x@example.nl>:\n  Recipient address rejected: ${"x".repeat(300)}`;
    const [item] = todoItems({ ...none, mailFailed: 1, mailLastError: error }, { smtpConfigured: true, now });
    expect(item!.detail!.startsWith("Last error: 550 5.1.1 <x@example.nl>: Recipient address rejected: xxx")).toBe(
      true,
    );
    expect(item!.detail!.length).toBe("Last error: ".length + 160);
  });
});
