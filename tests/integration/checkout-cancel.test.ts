import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localPaymentSessions, orders } from "../../app/db/schema";
import { CHECKOUT_SHOPPER } from "../support/checkout-factories";
import { createCoupon } from "../support/coupon-factories";
import { createProduct } from "../support/factories";
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { useTestApp } from "../support/fixture";

/**
 * Cancelling on the payment page (issue 27): the cancel URL names the order with a signature, so
 * /checkout/cancel ends the payment session at the provider and cancels the unpaid order, and its
 * coupon hold is free for the next shopper at once. And one shopper cannot keep a coupon use held by
 * placing a new order whenever the last one's hold runs out (ADR 0026). Both payment providers.
 */

type Fields = Record<string, string>;

const USED_UP = "Deze kortingscode is al het maximale aantal keren gebruikt.";

for (const provider of ["local", "stripe"] as const) {
  describe(`cancelling a payment and coupon holds (${provider} provider)`, () => {
    let stripe: FakeStripe | undefined;
    beforeAll(async () => {
      if (provider === "stripe") stripe = await startFakeStripe();
    });
    afterAll(async () => {
      await stripe?.close();
    });
    const { app, database } = useTestApp((): Record<string, string> =>
      provider === "stripe" ? fakeStripeEnv(stripe!) : { PAYMENT_PROVIDER: "local" },
    );
    let ipCounter = 1;
    let artNo = 0;
    beforeAll(async () => {
      artNo = (await createProduct(database.db, { consumerPriceCents: 3000, stockQuantity: 500 })).artNo;
    });

    const place = (email: string, couponCode: string, extra: Fields = {}) =>
      app.post(
        "/checkout",
        {
          intent: "place",
          checkoutToken: crypto.randomUUID(),
          ...CHECKOUT_SHOPPER,
          email,
          items: JSON.stringify([{ artNo, quantity: 1 }]),
          couponCode,
          ...extra,
        },
        { headers: { "x-forwarded-for": `198.51.100.${ipCounter++}` } },
      );
    const orderOf = async (email: string) => {
      const rows = await database.db.execute(sql`
        SELECT o.id, o.status, o.payment_status, o.payment_session_id FROM orders o
        JOIN customers c ON c.id = o.customer_id WHERE c.email = ${email} ORDER BY o.created_at DESC LIMIT 1`);
      const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
        id: string;
        status: string;
        payment_status: string;
        payment_session_id: string;
      }[];
      return list[0]!;
    };
    /** Where the provider sends a shopper who presses "Annuleren" / "← terug" on its page. */
    const cancelUrlOf = async (sessionId: string) => {
      if (provider === "stripe") return stripe!.sessions.get(sessionId)!.cancel_url;
      const res = await app.post(`/betaalpagina/${sessionId}`, { intent: "cancel" });
      expect(res.status).toBe(302);
      return res.headers.get("location")!;
    };
    const sessionStatus = async (sessionId: string) => {
      if (provider === "stripe") return stripe!.sessions.get(sessionId)!.status;
      const [row] = await database.db
        .select({ status: localPaymentSessions.status })
        .from(localPaymentSessions)
        .where(eq(localPaymentSessions.id, sessionId));
      return row!.status;
    };
    const path = (url: string) => url.replace(app.url, "");

    it("cancel on the payment page cancels the order, ends the session and frees a one-use coupon at once", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1, discountAmountCents: 500 });
      expect((await place("eerste@example.nl", coupon.code)).status).toBe(303);
      // While the first order holds the only use, a second shopper is refused the code.
      const refused = await place("tweede@example.nl", coupon.code);
      expect(refused.status).toBe(200);
      expect(await refused.text()).toContain(USED_UP);

      const first = await orderOf("eerste@example.nl");
      const cancelUrl = await cancelUrlOf(first.payment_session_id);
      expect(cancelUrl).toMatch(new RegExp(`^${app.url}/checkout/cancel\\?order=${first.id}&token=[\\w-]{43}$`));
      const page = await app.html(path(cancelUrl));
      expect(page.status).toBe(200);
      expect(page.html).toContain("Betaling geannuleerd");

      expect(await orderOf("eerste@example.nl")).toMatchObject({ status: "cancelled", payment_status: "unpaid" });
      expect(await sessionStatus(first.payment_session_id)).toBe("expired");
      expect((await place("tweede@example.nl", coupon.code)).status).toBe(303);
    });

    it("a cancel link with a wrong or missing signature changes nothing", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      expect((await place("vervalst@example.nl", coupon.code)).status).toBe(303);
      const order = await orderOf("vervalst@example.nl");
      for (const url of [
        `/checkout/cancel?order=${order.id}&token=${"A".repeat(43)}`,
        `/checkout/cancel?order=${order.id}`,
        `/checkout/cancel?order=${order.id}&token=`,
        "/checkout/cancel",
      ]) {
        expect((await app.get(url)).status, url).toBe(200);
      }
      expect(await orderOf("vervalst@example.nl")).toMatchObject({ status: "pending", payment_status: "unpaid" });
      expect(await sessionStatus(order.payment_session_id)).toBe("open");
    });

    it("a paid order stays paid when its cancel link is opened afterwards", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      expect((await place("betaald@example.nl", coupon.code)).status).toBe(303);
      const order = await orderOf("betaald@example.nl");
      const [local] = await database.db
        .select({ cancelUrl: localPaymentSessions.cancelUrl })
        .from(localPaymentSessions)
        .where(eq(localPaymentSessions.id, order.payment_session_id));
      const cancelUrl =
        provider === "stripe" ? stripe!.sessions.get(order.payment_session_id)!.cancel_url : local!.cancelUrl;
      if (provider === "stripe") stripe!.pay(order.payment_session_id);
      else await app.post(`/betaalpagina/${order.payment_session_id}`, { intent: "pay", method: "ideal", bank: "ING" });
      await app.get(`/checkout/success?session_id=${order.payment_session_id}`);
      expect(await orderOf("betaald@example.nl")).toMatchObject({ payment_status: "paid", status: "processing" });
      await app.get(path(cancelUrl));
      expect(await orderOf("betaald@example.nl")).toMatchObject({ payment_status: "paid", status: "processing" });
    });

    it("the checkout form sent again after a cancel places a new order instead of reopening the cancelled one", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      const token = crypto.randomUUID();
      expect((await place("terug@example.nl", coupon.code, { checkoutToken: token })).status).toBe(303);
      const first = await orderOf("terug@example.nl");
      await app.get(path(await cancelUrlOf(first.payment_session_id)));
      const again = await place("terug@example.nl", coupon.code, { checkoutToken: token });
      expect(again.status).toBe(303);
      const second = await orderOf("terug@example.nl");
      expect(second.id).not.toBe(first.id);
      expect(second.payment_session_id).not.toBe(first.payment_session_id);
      expect(await orderOf("terug@example.nl")).toMatchObject({ status: "pending", payment_status: "unpaid" });
    });

    it("a new order by the same e-mail or the same address does not hold the coupon past the first order's time", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      expect((await place("houder@example.nl", coupon.code)).status).toBe(303);
      // The first order's 35 minutes are over (as if placed 36 minutes ago); it was never paid.
      const first = await orderOf("houder@example.nl");
      await database.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '36 minutes'` })
        .where(eq(orders.id, first.id));

      // The same shopper orders again: the order is placed, but it holds no use...
      expect((await place("houder@example.nl", coupon.code)).status).toBe(303);
      // ...so another shopper can still take the code (before: refused for another 35 minutes).
      expect((await place("ander@example.nl", coupon.code, { postalCode: "9999ZZ" })).status).toBe(303);

      // The same with another e-mail address at the same delivery address ("1234 AB" = "1234ab").
      const second = await createCoupon(database.db, { usageLimit: 1 });
      expect((await place("huis-1@example.nl", second.code)).status).toBe(303);
      await database.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '36 minutes'` })
        .where(eq(orders.id, (await orderOf("huis-1@example.nl")).id));
      expect((await place("huis-2@example.nl", second.code, { postalCode: "1234 AB" })).status).toBe(303);
      expect((await place("buurman@example.nl", second.code, { postalCode: "9999ZZ" })).status).toBe(303);
    });

    it("a first order by a shopper still holds its use for its full time", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      expect((await place("vers@example.nl", coupon.code)).status).toBe(303);
      const refused = await place("later@example.nl", coupon.code, { postalCode: "9999ZZ" });
      expect(refused.status).toBe(200);
      expect(await refused.text()).toContain(USED_UP);
    });
  });
}
