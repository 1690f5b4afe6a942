import { describe, expect, it } from "vitest";
import { dropshipmentProgress, formatOrderDate, orderStatusLabel, paymentStatusLabel } from "./order-labels";
import { shortOrderId } from "./short-id";

describe("order status labels (spec 1 §4)", () => {
  it("names the four known order states in Dutch, each with its own colour", () => {
    const known = ["pending", "processing", "completed", "cancelled"].map(orderStatusLabel);
    expect(known).toEqual([
      { label: "In afwachting", tone: "warning" },
      { label: "In behandeling", tone: "info" },
      { label: "Voltooid", tone: "success" },
      { label: "Geannuleerd", tone: "danger" },
    ]);
  });

  it("names the shipped state (issue 11)", () => {
    expect(orderStatusLabel("shipped")).toEqual({ label: "Verzonden", tone: "info" });
  });

  it("shows any other order status raw, in a neutral colour", () => {
    expect(orderStatusLabel("returned")).toEqual({ label: "returned", tone: "neutral" });
    expect(orderStatusLabel("")).toEqual({ label: "", tone: "neutral" });
    expect(orderStatusLabel("constructor")).toEqual({ label: "constructor", tone: "neutral" });
    expect(orderStatusLabel("Pending")).toEqual({ label: "Pending", tone: "neutral" });
  });
});

describe("payment status labels", () => {
  it("reads a paid order with money paid back as partly refunded, with the amount (issue 28)", () => {
    // 1 405 cents back of a paid order: "€ 14,05" in Dutch notation (non-breaking space after €).
    expect(paymentStatusLabel("paid", 1405)).toEqual({ label: "Deels terugbetaald €\u00a014,05", tone: "info" });
    expect(paymentStatusLabel("paid", 0)).toEqual({ label: "Betaald", tone: "success" });
    expect(paymentStatusLabel("refunded", 42385)).toEqual({ label: "Terugbetaald", tone: "info" });
  });

  it("names paid, unpaid and refunded, and calls anything else Onbekend", () => {
    expect(paymentStatusLabel("paid")).toEqual({ label: "Betaald", tone: "success" });
    expect(paymentStatusLabel("unpaid")).toEqual({ label: "Niet betaald", tone: "warning" });
    expect(paymentStatusLabel("refunded")).toEqual({ label: "Terugbetaald", tone: "info" });
    for (const other of ["failed", "", "toString", "PAID"]) {
      expect(paymentStatusLabel(other)).toEqual({ label: "Onbekend", tone: "neutral" });
    }
  });
});

describe("dropshipment progress", () => {
  it("gives the spec's percentages and labels", () => {
    expect(dropshipmentProgress("pending")).toEqual({ label: "In afwachting", tone: "warning", percent: 25 });
    expect(dropshipmentProgress("processing")).toEqual({ label: "In behandeling", tone: "info", percent: 50 });
    expect(dropshipmentProgress("completed")).toEqual({ label: "Voltooid", tone: "success", percent: 100 });
    expect(dropshipmentProgress("failed")).toEqual({ label: "Mislukt", tone: "danger", percent: 100 });
  });

  it("puts any other value at 0 percent, shown raw", () => {
    expect(dropshipmentProgress("queued")).toEqual({ label: "queued", tone: "neutral", percent: 0 });
  });
});

describe("order dates and numbers", () => {
  it("writes the date in Dutch, on the shop's calendar (Amsterdam), not the server's", () => {
    expect(formatOrderDate(new Date("2026-11-21T10:00:00Z"))).toBe("21 november 2026");
    // 23:30 UTC on 31 March is already 1 April in Amsterdam (summer time, UTC+2).
    expect(formatOrderDate("2026-03-31T23:30:00Z")).toBe("1 april 2026");
  });

  it("shortens an order id to its first 8 characters", () => {
    expect(shortOrderId("3f2a9c1e-7b4d-4e8a-9f00-1234567890ab")).toBe("3f2a9c1e");
  });
});
