import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders } from "../../app/db/schema";
import type { CouponCheck } from "../../app/features/cart-checkout/coupon-check";
import { confirmPayment } from "../../app/features/orders/index.server";
import { payLocalSession } from "../../app/features/payments/local-provider.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createPendingOrder } from "../support/checkout-factories";
import { createCoupon } from "../support/coupon-factories";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { postToAction } from "../support/single-fetch";

/** Behaviour that earlier tests let slip past (each test here fails against a known faulty variant). */

const { app, database } = useTestApp({ PAYMENT_PROVIDER: "local" });
let payments: PaymentProvider;

beforeAll(async () => {
  payments = createPaymentProvider({ db: database.db, config: app.config, logger: createLogger("silent") });
});

describe("the cross-site request check", () => {
  const refused = "Verzoek geweigerd: afkomstig van een andere website.";
  const port = () => Number(new URL(app.url).port);
  const lookAlikes = () => [
    `${app.url}.evil.example`,
    `${app.url}0`,
    `http://127.0.0.1:${port() + 1}`,
    `https://127.0.0.1:${port()}`,
    `http://127.0.0.1.evil.example:${port()}`,
  ];

  it("refuses a POST whose Origin only starts like the shop's, without Sec-Fetch-Site", async () => {
    for (const origin of lookAlikes()) {
      const res = await app.get("/contact", {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: "firstName=Eve",
      });
      expect(res.status, origin).toBe(403);
      expect(await res.text()).toBe(refused);
    }
  });

  it("still lets the shop's own origin through", async () => {
    const res = await app.get("/contact", {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: "firstName=Anna",
    });
    expect(res.status).toBe(400);
  });
});

describe("free shipping with a coupon", () => {
  it("counts what is left for free shipping from the goods after the discount", async () => {
    const product = await createProduct(database.db, { consumerPriceCents: 4500, vatRate: 21, stockQuantity: 10 });
    const coupon = await createCoupon(database.db, { discountPercentage: 10 });
    const { status, data } = await postToAction<CouponCheck>(
      app,
      "/cart",
      { intent: "coupon", code: coupon.code, items: JSON.stringify([{ artNo: product.artNo, quantity: 1 }]) },
      { "x-forwarded-for": "10.66.0.1" },
    );
    expect(status).toBe(200);
    expect(data.status).toBe("applied");
    // €45,00 − 10 % = €40,50 of goods: shipping €4,95 is still charged, €9,50 short of €50.
    expect(data.quote!.totals).toMatchObject({
      subtotalCents: 4500,
      discountCents: 450,
      shippingCents: 495,
      totalCents: 4545,
      freeShippingRemainingCents: 950,
    });
  });
});

describe("payment confirmation of a session made for another order", () => {
  it("does not mark an order paid through a paid session that belongs to another order", async () => {
    const lines = [{ priceCents: 2500, quantity: 1, vatRate: 21, stock: 5 }];
    const victim = await createPendingOrder(database.db, payments, { appUrl: app.url, lines });
    const other = await createPendingOrder(database.db, payments, { appUrl: app.url, lines });
    // Same amount, so only the order check can tell the two apart.
    expect(victim.order.totalAmountCents).toBe(other.order.totalAmountCents);

    // The other order's session is paid, then the victim order is pointed at it.
    expect(await payLocalSession(database.db, other.session.id, { method: "ideal", bank: "ING" })).not.toBeNull();
    await database.db.update(orders).set({ paymentSessionId: null }).where(eq(orders.id, other.order.id));
    await database.db.update(orders).set({ paymentSessionId: other.session.id }).where(eq(orders.id, victim.order.id));

    const result = await confirmPayment(
      { db: database.db, payments, logger: createLogger("silent"), config: app.config },
      other.session.id,
    );
    expect(result).toEqual({ orderId: victim.order.id, outcome: "mismatch", newlyPaid: false });

    // The success page agrees: nothing is paid.
    const page = await app.get(`/checkout/success?session_id=${other.session.id}`);
    expect(page.status).toBe(402);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, victim.order.id));
    expect(row).toMatchObject({ paymentStatus: "unpaid", status: "pending", paidAt: null });
  });
});
