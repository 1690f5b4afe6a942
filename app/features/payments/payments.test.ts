import { describe, expect, it } from "vitest";
import { checkLocalPayment } from "./local-payment-form";
import { effectiveStatus, fillSessionId } from "./local-provider.server";
import type { CreateCheckoutSessionInput } from "./provider";
import { stripeLineItems } from "./stripe-provider.server";

const input: CreateCheckoutSessionInput = {
  orderId: "0123abcd-0000-4000-8000-000000000000",
  customerEmail: "a@example.nl",
  lines: [{ name: "Kettingolie", description: "Muc-Off", unitAmountCents: 1000, quantity: 2, artNo: 7 }],
  shippingCents: 495,
  discountCents: 0,
  totalCents: 2495,
  successUrl: "https://shop/checkout/success?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://shop/checkout/cancel",
};

describe("stripeLineItems", () => {
  it("itemises the lines and shipping when they add up to the total", () => {
    const items = stripeLineItems(input);
    expect(items.map((i) => [i.price_data!.product_data!.name, i.price_data!.unit_amount, i.quantity])).toEqual([
      ["Kettingolie", 1000, 2],
      ["Verzendkosten", 495, 1],
    ]);
  });
  it("sends one line with the total when anything does not add up (a discount, or rounding)", () => {
    for (const changed of [{ discountCents: 200, totalCents: 2295 }, { totalCents: 2494 }]) {
      const items = stripeLineItems({ ...input, ...changed });
      expect(items).toHaveLength(1);
      expect(items[0]!.price_data!.unit_amount).toBe(changed.totalCents);
      expect(items[0]!.price_data!.product_data!.name).toBe("Bestelling 0123abcd");
    }
  });
});

describe("local provider helpers", () => {
  it("fills the session id into the success URL, also when the placeholder was URL-encoded", () => {
    expect(fillSessionId(input.successUrl, "lps_x")).toBe("https://shop/checkout/success?session_id=lps_x");
    expect(fillSessionId("https://shop/s?session_id=%7BCHECKOUT_SESSION_ID%7D", "lps_y")).toBe(
      "https://shop/s?session_id=lps_y",
    );
  });
  it("reads an open, unpaid session past its expiry as expired, a paid one never", () => {
    const past = new Date(Date.now() - 1000);
    expect(effectiveStatus({ status: "open", paid: false, expiresAt: past })).toBe("expired");
    expect(effectiveStatus({ status: "complete", paid: true, expiresAt: past })).toBe("complete");
    expect(effectiveStatus({ status: "open", paid: false, expiresAt: new Date(Date.now() + 60_000) })).toBe("open");
  });
  it("accepts iDEAL with a listed bank and only the test card", () => {
    expect(checkLocalPayment({ method: "ideal", bank: "ING", cardNumber: "" })).toEqual({
      ok: true,
      method: "ideal",
      bank: "ING",
    });
    expect(checkLocalPayment({ method: "ideal", bank: "Bank van Oz", cardNumber: "" }).ok).toBe(false);
    expect(checkLocalPayment({ method: "card", bank: "", cardNumber: "4242-4242 4242 4242" }).ok).toBe(true);
    expect(checkLocalPayment({ method: "card", bank: "", cardNumber: "4242 4242 4242 4241" }).ok).toBe(false);
  });
});
