import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, orderRefunds, orders, outbox } from "../../app/db/schema";
import { guestOrderToken } from "../../app/features/shopper-orders/index.server";
import { TEST_AUTH_SECRET } from "../support/app";
import { orderItemsOf, payOnPaymentPage, placeOrderAtCheckout, postRefund } from "../support/checkout-factories";
import { createCoupon } from "../support/coupon-factories";
import { createProduct } from "../support/factories";
import { fakeStripeEnv, useFakeStripe } from "../support/fake-stripe";
import { useTestApp, type TestAppFixture } from "../support/fixture";
import { pdfText, vatRows } from "../support/pdf-text";
import { signedInUser } from "../support/users";

/**
 * Issue 28, "money first": a refund pays back what was paid for the refunded lines, after their share
 * of the order's coupon (refund-allocation.ts, ADR 0028). Orders are placed through the real checkout
 * (the coupon rules compute the discount) and paid through each payment provider; the refund record,
 * the order, the credit notes read back from their PDFs and the shopper's mail must agree to the cent.
 * Every amount is worked out by hand in the comments.
 */
function allocationScenarios(
  fixture: TestAppFixture,
  pay: (sessionId: string) => Promise<void>,
  /** The amounts the provider itself recorded (the Stripe fake), or null when it keeps none. */
  providerRefunds: () => number[] | null,
) {
  const { app, database } = fixture;
  const db = () => database.db;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let ipCounter = 0;
  beforeAll(async () => {
    admin = await signedInUser(app, db(), { role: "admin", email: `alloc-${crypto.randomUUID()}@trapkracht.test` });
  });

  async function placeAndPay(lines: { priceCents: number; quantity: number; vatRate: number }[], couponCode: string) {
    const cart = [];
    for (const line of lines) {
      const product = await createProduct(db(), { consumerPriceCents: line.priceCents, vatRate: line.vatRate });
      cart.push({ artNo: product.artNo, quantity: line.quantity });
    }
    ipCounter += 1;
    const ip = `10.28.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
    const order = await placeOrderAtCheckout(app, db(), { cart, couponCode, ip });
    await pay(order.paymentSessionId!);
    return { orderId: order.id, items: await orderItemsOf(db(), order.id) };
  }

  const orderOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const refund = (orderId: string, fields: Record<string, string>, confirmedCents: number) =>
    postRefund(app, admin.cookie, orderId, fields, confirmedCents);
  /** The text of invoice or credit note `number`, as its PDF prints it. */
  const documentText = async (number: number) => {
    const res = await app.get(`/factuur/${number}`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    return pdfText(new Uint8Array(await res.arrayBuffer()));
  };
  const documentsOf = (orderId: string, kind: "invoice" | "credit") =>
    db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)))
      .orderBy(asc(invoices.number));
  const refundMailsOf = async (orderId: string) =>
    (await db().select().from(outbox).where(eq(outbox.kind, "order-refund"))).filter((m) =>
      m.subject.includes(orderId.slice(0, 8)),
    );

  it("the issue's order: a 10 % coupon capped at € 15 shares its discount, and the PrepStand pays back € 396,90", async () => {
    const coupon = await createCoupon(db(), { discountPercentage: 10, maxDiscountAmountCents: 1500 });
    const { orderId, items } = await placeAndPay(
      [
        { priceCents: 41095, quantity: 1, vatRate: 21 },
        { priceCents: 2790, quantity: 1, vatRate: 21 },
      ],
      coupon.code,
    );
    const [prepStand, other] = items;
    // Goods 410,95 + 27,90 = 438,85; 10 % = 43,89, capped at 15,00; free shipping (over 50,00);
    // paid 423,85. Invoice VAT: 42385 − 42385 / 1,21 = 42385 − 35028,93 = 7356,07 → 73,56.
    expect(await orderOf(orderId)).toMatchObject({
      subtotalCents: 43885,
      discountCents: 1500,
      shippingCents: 0,
      totalAmountCents: 42385,
      paymentStatus: "paid",
    });
    const [invoice] = await documentsOf(orderId, "invoice");
    expect(vatRows(await documentText(invoice!.number))).toEqual([["Waarvan btw 21%", "€ 73,56"]]);

    // The discount over the lines: 1500 × 41095 / 43885 = 1404,63 and 1500 × 2790 / 43885 = 95,37
    // cents → 1404 + 95 = 1499, the last cent to the larger remainder: 14,05 off the PrepStand.
    // So 410,95 − 14,05 = 396,90 back (not 410,95).
    const first = await refund(orderId, { [`refund-qty-${prepStand!.id}`]: "1" }, 39690);
    expect(first.data).toMatchObject({ ok: true, title: "Refund made" });
    expect(first.data.description).toContain("€\u00a0396,90");
    expect((await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0]).toMatchObject({
      amountCents: 39690,
      lines: [{ orderItemId: prepStand!.id, quantity: 1, amountCents: 39690 }],
      // 39690 − 39690 / 1,21 = 39690 − 32801,65 = 6888,35 → 68,88.
      vatLines: [{ rate: 21, amountCents: 6888 }],
      status: "succeeded",
    });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", refundedCents: 39690 });
    if (providerRefunds()) expect(providerRefunds()).toContain(39690);
    // The credit note: the PrepStand at 410,95, the coupon's share 14,05 off, 396,90 credited.
    const [credit1] = await documentsOf(orderId, "credit");
    const text1 = await documentText(credit1!.number);
    expect(text1).toContain("€ -410,95");
    expect(text1).toContain("€ 14,05");
    expect(text1).toContain("€ -396,90");
    expect(vatRows(text1)).toEqual([["Waarvan btw 21%", "€ -68,88"]]);
    // The shopper's mail and order page say the same amount.
    expect((await refundMailsOf(orderId))[0]!.subject).toContain("€\u00a0396,90");
    const page = await app.html("/bestelling", {
      headers: { cookie: `trapkracht_bestelling=${guestOrderToken(TEST_AUTH_SECRET, orderId)}` },
    });
    expect(page.html).toContain("Deels terugbetaald €\u00a0396,90");

    // The rest: 27,90 − 0,95 = 26,95, so 396,90 + 26,95 = 423,85, exactly what was paid. Its VAT:
    // 73,56 on the invoice − 68,88 credited = 4,68, so the two credit notes add up to the invoice.
    const rest = await refund(orderId, { [`refund-qty-${other!.id}`]: "1" }, 2695);
    expect(rest.data).toMatchObject({ ok: true });
    expect(rest.data.description).toContain("fully refunded");
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded", refundedCents: 42385 });
    const [, credit2] = await documentsOf(orderId, "credit");
    const text2 = await documentText(credit2!.number);
    expect(text2).toContain("€ -26,95");
    expect(vatRows(text2)).toEqual([["Waarvan btw 21%", "€ -4,68"]]);
    expect((await refundMailsOf(orderId)).map((m) => m.subject.includes("€\u00a026,95"))).toContain(true);
  });

  it("a fixed coupon over two VAT rates and shipping: one piece, then the rest with shipping, add up to the invoice", async () => {
    const coupon = await createCoupon(db(), { discountAmountCents: 500 });
    const { orderId, items } = await placeAndPay(
      [
        { priceCents: 2000, quantity: 2, vatRate: 21 },
        { priceCents: 1000, quantity: 1, vatRate: 9 },
      ],
      coupon.code,
    );
    const [pads, gel] = items;
    // Goods 40,00 (21 %) + 10,00 (9 %) = 50,00, − 5,00 = 45,00, under 50,00: + 4,95 shipping,
    // paid 49,95. Discount and shipping over the rates 40 : 10: 4,00 + 1,00 and 3,96 + 0,99.
    // Invoice VAT 21 %: 40,00 − 4,00 + 3,96 = 39,96 → 3996 − 3302,48 = 693,52 → 6,94;
    // 9 %: 10,00 − 1,00 + 0,99 = 9,99 → 999 − 916,51 = 82,49 → 0,82.
    expect(await orderOf(orderId)).toMatchObject({
      discountCents: 500,
      shippingCents: 495,
      totalAmountCents: 4995,
      vatLines: [
        { rate: 21, amountCents: 694 },
        { rate: 9, amountCents: 82 },
      ],
    });
    // One of two pieces of a line that cost 36,00 after the discount: 18,00; VAT 1800 − 1487,60 → 3,12.
    expect((await refund(orderId, { [`refund-qty-${pads!.id}`]: "1" }, 1800)).data).toMatchObject({ ok: true });
    // The rest: 18,00 + 9,00 + 4,95 = 31,95 (18,00 + 31,95 = 49,95). VAT 21 %: 6,94 − 3,12 = 3,82; 9 %: 0,82.
    const rest = await refund(
      orderId,
      { [`refund-qty-${pads!.id}`]: "1", [`refund-qty-${gel!.id}`]: "1", refundShipping: "on" },
      3195,
    );
    expect(rest.data).toMatchObject({ ok: true });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded", refundedCents: 4995 });
    const [credit1, credit2] = await documentsOf(orderId, "credit");
    expect(vatRows(await documentText(credit1!.number))).toEqual([["Waarvan btw 21%", "€ -3,12"]]);
    const text2 = await documentText(credit2!.number);
    expect(text2).toContain("€ -31,95");
    expect(vatRows(text2)).toEqual([
      ["Waarvan btw 21%", "€ -3,82"],
      ["Waarvan btw 9%", "€ -0,82"],
    ]);
    if (providerRefunds()) expect(providerRefunds()).toEqual(expect.arrayContaining([1800, 3195]));
  });

  it("a full refund in one go is exactly the amount paid, with the invoice's VAT", async () => {
    const coupon = await createCoupon(db(), { discountPercentage: 10 });
    const { orderId, items } = await placeAndPay(
      [
        { priceCents: 1333, quantity: 3, vatRate: 21 },
        { priceCents: 777, quantity: 1, vatRate: 9 },
      ],
      coupon.code,
    );
    // Goods 39,99 + 7,77 = 47,76; 10 % = 4,776 → 4,78; 42,98 under 50,00: + 4,95 = 47,93 paid.
    expect(await orderOf(orderId)).toMatchObject({ discountCents: 478, totalAmountCents: 4793 });
    const full = await refund(
      orderId,
      { [`refund-qty-${items[0]!.id}`]: "3", [`refund-qty-${items[1]!.id}`]: "1", refundShipping: "on" },
      4793,
    );
    expect(full.data).toMatchObject({ ok: true });
    expect(full.data.description).toContain("fully refunded");
    const order = await orderOf(orderId);
    const [credit] = await documentsOf(orderId, "credit");
    const [refundRow] = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    // Discount 478 over the rates 3999 : 777 → 400,24 + 77,76 → 400 + 78; shipping 495 → 414,47 +
    // 80,53 → 414 + 81. Gross per rate: 21 %: 3999 − 400 + 414 = 4013 → 4013 − 3316,53 = 696,47 → 6,96;
    // 9 %: 777 − 78 + 81 = 780 → 780 − 715,60 = 64,40 → 0,64. The credit note's VAT is the invoice's.
    expect(order.vatLines).toEqual([
      { rate: 21, amountCents: 696 },
      { rate: 9, amountCents: 64 },
    ]);
    expect(refundRow!.vatLines).toEqual(order.vatLines);
    expect(await documentText(credit!.number)).toContain("€ -47,93");
  });
}

describe("refunds share the coupon over the lines (local payment page)", () => {
  const fixture = useTestApp({ PAYMENT_PROVIDER: "local" });
  allocationScenarios(
    fixture,
    (sessionId) => payOnPaymentPage(fixture.app, sessionId),
    () => null,
  );
});

describe("refunds share the coupon over the lines (Stripe, the SDK against a loopback fake)", () => {
  const stripe = useFakeStripe();
  const fixture = useTestApp(() => fakeStripeEnv(stripe));
  allocationScenarios(
    fixture,
    async (sessionId) => {
      stripe.pay(sessionId);
      const res = await fixture.app.get(`/checkout/success?session_id=${sessionId}`);
      expect(res.status).toBeLessThan(400);
    },
    () => stripe.refunds.map((r) => r.amount),
  );
});
