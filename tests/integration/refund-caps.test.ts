import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderRefunds, orders } from "../../app/db/schema";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createPaidOrder, orderItemsOf, postRefund, type PendingLineInput } from "../support/checkout-factories";
import { createCoupon } from "../support/coupon-factories";
import { useTestApp } from "../support/fixture";
import { signedInUser } from "../support/users";

/**
 * Several partial refunds of one order (refunds.server.ts, refund-allocation.ts, ADR 0028): a line
 * pays back what was paid for it after its share of the coupon, shipping comes back at most once, and
 * the parts add up to exactly what was paid. Amounts are worked out by hand in the comments.
 */
describe("refund caps over several partial refunds", () => {
  const { app, database } = useTestApp();
  const db = () => database.db;
  let payments: PaymentProvider;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    payments = createPaymentProvider({ db: db(), config: app.config, logger: createLogger("silent") });
    admin = await signedInUser(app, db(), { role: "admin", email: `caps-${crypto.randomUUID()}@trapkracht.test` });
  });

  /** A placed order paid on the local payment page, with its lines in the order given. */
  async function paidOrder(lines: PendingLineInput[], coupon?: { id: string; code: string; discountCents: number }) {
    const { order } = await createPaidOrder(app, db(), payments, { lines, coupon });
    return { orderId: order.id, items: await orderItemsOf(db(), order.id) };
  }
  const refund = (orderId: string, fields: Record<string, string>, confirmedCents: number) =>
    postRefund(app, admin.cookie, orderId, fields, confirmedCents);
  const refundsOf = (orderId: string) =>
    db()
      .select({
        amountCents: orderRefunds.amountCents,
        shippingCents: orderRefunds.shippingCents,
        status: orderRefunds.status,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt));
  const orderOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it("on an order with a coupon, each line pays back its share of what was paid, and the shipping too", async () => {
    const coupon = await createCoupon(db(), { discountAmountCents: 1000 });
    const { orderId, items } = await paidOrder(
      [
        { priceCents: 1995, quantity: 2, vatRate: 21, name: "Kettingolie 50 ml" },
        { priceCents: 895, quantity: 1, vatRate: 9, name: "Energiereep" },
      ],
      { id: coupon.id, code: coupon.code, discountCents: 1000 },
    );
    const [oil, bar] = items;
    // Lines 2 × 19,95 + 1 × 8,95 = 48,85; coupon − 10,00 → goods 38,85, under the 50,00 of free
    // shipping, so + 4,95 shipping: paid 43,80.
    expect(await orderOf(orderId)).toMatchObject({
      subtotalCents: 4885,
      discountCents: 1000,
      shippingCents: 495,
      totalAmountCents: 4380,
      paymentStatus: "paid",
    });

    // The coupon spread over the rates in proportion to the goods: 1000 × 3990 / 4885 = 816,79 and
    // 1000 × 895 / 4885 = 183,21 cents → 816 + 183 = 999, the last cent to the larger remainder
    // (0,79): 817 off the oil, 183 off the bar. Paid: oil 3990 − 817 = 3173, bar 895 − 183 = 712.
    const first = await refund(orderId, { [`refund-qty-${oil!.id}`]: "2" }, 3173);
    expect(first.data).toMatchObject({ ok: true });
    const second = await refund(orderId, { [`refund-qty-${bar!.id}`]: "1" }, 712);
    expect(second.data).toMatchObject({ ok: true });
    expect(second.data.description).not.toContain("fully refunded");
    // 43,80 − 31,73 − 7,12 = 4,95: the shipping is still to come, and can be paid back.
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", refundedCents: 3885 });
    const shipping = await refund(orderId, { refundShipping: "on" }, 495);
    expect(shipping.data).toMatchObject({ ok: true });
    expect(shipping.data.description).toContain("fully refunded");
    expect((await refundsOf(orderId)).map((r) => [r.amountCents, r.status])).toEqual([
      [3173, "succeeded"],
      [712, "succeeded"],
      [495, "succeeded"],
    ]);
    // 31,73 + 7,12 + 4,95 = 43,80: exactly what was paid, and the order says so.
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded", refundedCents: 4380 });
    expect((await refund(orderId, { refundShipping: "on" }, 495)).status).toBe(409);
    expect(await refundsOf(orderId)).toHaveLength(3);
  });

  it("shipping is paid back once, however many partial refunds ask for it", async () => {
    const { orderId, items } = await paidOrder([
      { priceCents: 1995, quantity: 2, vatRate: 21, name: "Remblokken" },
      { priceCents: 895, quantity: 1, vatRate: 9, name: "Sportdrank" },
    ]);
    const [pads, drink] = items;
    // 2 × 19,95 + 8,95 = 48,85, under 50,00: + 4,95 shipping, paid 53,80.
    expect(await orderOf(orderId)).toMatchObject({ shippingCents: 495, totalAmountCents: 5380 });

    // One set of pads and shipping: 19,95 + 4,95 = 24,90.
    const first = await refund(orderId, { [`refund-qty-${pads!.id}`]: "1", refundShipping: "on" }, 2490);
    expect(first.data).toMatchObject({ ok: true });
    // The drink with shipping again: refused as a whole (8,95 + 4,95 = 13,90 would fit in the
    // 28,90 left, so only the shipping rule stops it).
    const again = await refund(orderId, { [`refund-qty-${drink!.id}`]: "1", refundShipping: "on" }, 1390);
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, description: "Shipping was refunded already." });
    expect((await refundsOf(orderId)).map((r) => [r.amountCents, r.shippingCents])).toEqual([[2490, 495]]);

    // The rest without shipping: 8,95, then 19,95; 24,90 + 8,95 + 19,95 = 53,80, all that was paid.
    expect((await refund(orderId, { [`refund-qty-${drink!.id}`]: "1" }, 895)).data).toMatchObject({ ok: true });
    expect((await refund(orderId, { [`refund-qty-${pads!.id}`]: "1" }, 1995)).data).toMatchObject({ ok: true });
    expect((await refundsOf(orderId)).map((r) => [r.amountCents, r.shippingCents])).toEqual([
      [2490, 495],
      [895, 0],
      [1995, 0],
    ]);
    expect((await orderOf(orderId)).paymentStatus).toBe("refunded");
  });
});
