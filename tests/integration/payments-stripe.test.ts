import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { couponCodes, orders, outbox, stock } from "../../app/db/schema";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createCoupon, createPendingOrder } from "../support/checkout-factories";
import { fakeStripeEnv, useFakeStripe } from "../support/fake-stripe";
import { flashOf } from "../support/flash";
import { useTestApp } from "../support/fixture";

const SHOP = "winkel@trapkracht.test";

describe("Stripe Checkout through the real SDK against a fake Stripe API", () => {
  const stripe = useFakeStripe();
  const { app, database, restartApp } = useTestApp(() => ({ SHOP_EMAIL: SHOP, ...fakeStripeEnv(stripe) }));
  let payments: PaymentProvider;

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stockOf = async (artNos: number[]) =>
    (await database.db.select().from(stock).where(inArray(stock.artNo, artNos)).orderBy(asc(stock.artNo))).map(
      (s) => s.quantity,
    );
  const mailKinds = async () => (await database.db.select().from(outbox).orderBy(asc(outbox.id))).map((m) => m.kind);
  const pendingOrder = (opts: Partial<Parameters<typeof createPendingOrder>[2]> = {}) =>
    createPendingOrder(database.db, payments, { appUrl: app.url, ...opts });
  const success = (sessionId: string) => app.get(`/checkout/success?session_id=${sessionId}`);

  beforeAll(async () => {
    payments = createPaymentProvider({ db: database.db, config: app.config, logger: createLogger("silent") });
  });
  beforeEach(async () => {
    stripe.down = false;
    await database.db.delete(outbox);
  });

  it("lets the checkout form be redirected to Stripe Checkout (CSP form-action)", async () => {
    const csp = (await app.get("/")).headers.get("content-security-policy") ?? "";
    const formAction = csp.split(";").find((d) => d.trim().startsWith("form-action"));
    expect(formAction?.trim()).toBe("form-action 'self' https://checkout.stripe.com");
  });

  it("creates the session as specified: iDEAL and card, EUR cents per line, shipping line, order metadata, 30 min, nl", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { order, session, products, customer } = await pendingOrder({
      lines: [
        { priceCents: 1995, quantity: 2, brand: "Muc-Off", name: "Kettingolie 50 ml" },
        { priceCents: 500, quantity: 1, vatRate: 9, brand: "Isostar", name: "Energiereep" },
      ],
    });
    expect(payments.name).toBe("stripe");
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${stripe.url}/c/pay/${session.id}`);
    const params = stripe.created.at(-1)!;
    expect(params).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: ["ideal", "card"],
      customer_email: customer.email,
      metadata: { orderId: order.id },
      client_reference_id: order.id,
      success_url: `${app.url}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.url}/checkout/cancel`,
      locale: "nl",
      line_items: [
        {
          quantity: "2",
          price_data: {
            currency: "eur",
            unit_amount: "1995",
            product_data: {
              name: "Kettingolie 50 ml",
              description: "Muc-Off",
              metadata: { artNo: String(products[0]!.artNo) },
            },
          },
        },
        {
          quantity: "1",
          price_data: {
            currency: "eur",
            unit_amount: "500",
            product_data: {
              name: "Energiereep",
              description: "Isostar",
              metadata: { artNo: String(products[1]!.artNo) },
            },
          },
        },
        { quantity: "1", price_data: { currency: "eur", unit_amount: "495", product_data: { name: "Verzendkosten" } } },
      ],
    });
    const expiresIn = Number(params.expires_at) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresIn).toBeLessThanOrEqual(32 * 60);
    expect(stripe.sessions.get(session.id)!.amount_total).toBe(order.totalAmountCents);
  });

  it("with a coupon discount sends one line 'Bestelling {number}' with the total (Stripe has no negative lines)", async () => {
    const coupon = await createCoupon(database.db, { discountPercentage: 10 });
    const { order } = await pendingOrder({
      coupon: { id: coupon.id, code: coupon.code, discountCents: 479 },
    });
    const params = stripe.created.at(-1)!;
    expect(params.line_items).toEqual([
      {
        quantity: "1",
        price_data: {
          currency: "eur",
          unit_amount: String(order.totalAmountCents),
          product_data: {
            name: `Bestelling ${order.id.slice(0, 8)}`,
            description: "3 artikelen, inclusief korting en verzendkosten",
          },
        },
      },
    ]);
  });

  it("webhook before the success page: the webhook confirms; the page then shows the order, nothing twice", async () => {
    const { order, session, products } = await pendingOrder();
    stripe.pay(session.id);
    const res = await stripe.deliver(app.url, "checkout.session.completed", session.id);
    expect(res.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await mailKinds()).toEqual(["order-confirmation", "order-notification"]);

    const page = await success(session.id);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Bedankt voor je bestelling!");
    expect(html).toContain(order.id.slice(0, 8));
    expect(await mailKinds()).toHaveLength(2);
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
  });

  it("success page before the webhook: the page confirms; the later webhook changes nothing", async () => {
    const { order, session, products } = await pendingOrder();
    stripe.pay(session.id);
    expect(await (await success(session.id)).text()).toContain("Bedankt voor je bestelling!");
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect((await stripe.deliver(app.url, "checkout.session.completed", session.id)).status).toBe(200);
    expect(await mailKinds()).toEqual(["order-confirmation", "order-notification"]);
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
  });

  it("the same webhook delivered three times: 200 each time, paid once", async () => {
    const coupon = await createCoupon(database.db, { discountPercentage: 10 });
    const { order, session, products } = await pendingOrder({
      coupon: { id: coupon.id, code: coupon.code, discountCents: 479 },
    });
    stripe.pay(session.id);
    const delivery = stripe.webhook("checkout.session.completed", session.id);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${app.url}/api/payments/stripe-webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
        body: delivery.body,
      });
      expect(res.status).toBe(200);
    }
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await mailKinds()).toEqual(["order-confirmation", "order-notification"]);
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
    const [usage] = await database.db.select().from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(usage!.usageCount).toBe(1);
  });

  it("webhook ×3 and the success page ×2 at the same time: paid once, stock once, coupon once, mails once", async () => {
    const coupon = await createCoupon(database.db, { discountAmountCents: 500, discountPercentage: null });
    const { order, session, products } = await pendingOrder({
      coupon: { id: coupon.id, code: coupon.code, discountCents: 500 },
    });
    stripe.pay(session.id);
    const responses = await Promise.all([
      stripe.deliver(app.url, "checkout.session.completed", session.id),
      stripe.deliver(app.url, "checkout.session.completed", session.id),
      stripe.deliver(app.url, "checkout.session.completed", session.id),
      success(session.id),
      success(session.id),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
    expect(await mailKinds()).toEqual(["order-confirmation", "order-notification"]);
    const [usage] = await database.db.select().from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(usage!.usageCount).toBe(1);
  });

  it("the browser never returns: the webhook alone confirms the order and queues the mails", async () => {
    const { order, session, customer } = await pendingOrder();
    stripe.pay(session.id);
    expect((await stripe.deliver(app.url, "checkout.session.completed", session.id)).status).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.paidAt).toBeInstanceOf(Date);
    const [confirmation] = await database.db.select().from(outbox).where(eq(outbox.kind, "order-confirmation"));
    expect(confirmation!.toAddress).toBe(customer.email);
  });

  it("server killed between payment and confirmation: the next webhook delivery confirms", async () => {
    const { order, session } = await pendingOrder();
    stripe.pay(session.id);
    // The shop is down when Stripe first delivers (and the browser never reaches it).
    await app.close();
    await expect(stripe.deliver(app.url, "checkout.session.completed", session.id)).rejects.toThrow();
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    // Back up (same database); Stripe retries the delivery.
    await restartApp();
    const res = await stripe.deliver(app.url, "checkout.session.completed", session.id);
    expect(res.status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await mailKinds()).toEqual(["order-confirmation", "order-notification"]);
  });

  it("a bad, missing or foreign signature: 400 and nothing changes", async () => {
    const { order, session } = await pendingOrder();
    stripe.pay(session.id);
    const { body, signature } = stripe.webhook("checkout.session.completed", session.id);
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(`${app.url}/api/payments/stripe-webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: payload,
      });
    expect((await post({})).status).toBe(400);
    expect((await post({ "stripe-signature": "t=1,v1=deadbeef" })).status).toBe(400);
    const foreign = stripe.webhook("checkout.session.completed", session.id, "whsec_someone_else");
    expect((await post({ "stripe-signature": foreign.signature }, foreign.body)).status).toBe(400);
    // A valid signature over another body (tampered payload).
    expect((await post({ "stripe-signature": signature }, body.replace("paid", "paid "))).status).toBe(400);
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    expect(await mailKinds()).toEqual([]);
  });

  it("an amount that differs from the order total is not marked paid (webhook 200, page says verification failed)", async () => {
    const { order, session } = await pendingOrder();
    stripe.pay(session.id);
    stripe.sessions.get(session.id)!.amount_total = order.totalAmountCents - 1000;
    expect((await stripe.deliver(app.url, "checkout.session.completed", session.id)).status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    const page = await success(session.id);
    expect(page.status).toBe(402);
    const html = await page.text();
    expect(html).toContain("Je betaling is niet gelukt");
    expect(html).toContain("Payment verification failed");
    expect(await mailKinds()).toEqual([]);
  });

  it("an expired session leaves the order unpaid and cancels it", async () => {
    const { order, session, products } = await pendingOrder();
    stripe.expire(session.id);
    expect((await stripe.deliver(app.url, "checkout.session.expired", session.id)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid", status: "cancelled" });
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([10, 5]);
    expect((await success(session.id)).status).toBe(402);
  });

  it("an expired event for a session that is in fact paid cancels nothing", async () => {
    const { order, session } = await pendingOrder();
    stripe.pay(session.id);
    expect((await stripe.deliver(app.url, "checkout.session.expired", session.id)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
  });

  it("iDEAL still processing: 'completed' but unpaid waits; async success pays; async failure cancels", async () => {
    const first = await pendingOrder();
    stripe.pay(first.session.id, { asyncPending: true });
    expect((await stripe.deliver(app.url, "checkout.session.completed", first.session.id)).status).toBe(200);
    expect((await orderRow(first.order.id)).paymentStatus).toBe("unpaid");
    const waiting = await success(first.session.id);
    expect(waiting.status).toBe(200);
    expect(await waiting.text()).toContain("We wachten nog op de bevestiging van je betaling");
    stripe.pay(first.session.id);
    expect((await stripe.deliver(app.url, "checkout.session.async_payment_succeeded", first.session.id)).status).toBe(
      200,
    );
    expect((await orderRow(first.order.id)).paymentStatus).toBe("paid");

    const second = await pendingOrder();
    stripe.pay(second.session.id, { asyncPending: true });
    expect((await stripe.deliver(app.url, "checkout.session.async_payment_failed", second.session.id)).status).toBe(
      200,
    );
    expect(await orderRow(second.order.id)).toMatchObject({ paymentStatus: "unpaid", status: "cancelled" });
  });

  it("events the shop does not act on, and sessions it does not know, are acknowledged with 200", async () => {
    const { order, session } = await pendingOrder();
    expect((await stripe.deliver(app.url, "checkout.session.async_payment_failed", session.id)).status).toBe(200);
    expect((await stripe.deliver(app.url, "customer.created", session.id)).status).toBe(200);
    // A paid session created outside this shop's orders (another integration on the same account).
    const stranger = await payments.createCheckoutSession({
      orderId: "00000000-0000-4000-8000-000000000000",
      customerEmail: "x@example.nl",
      lines: [{ name: "x", description: "", unitAmountCents: 100, quantity: 1, artNo: 1 }],
      shippingCents: 0,
      discountCents: 0,
      totalCents: 100,
      successUrl: `${app.url}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${app.url}/checkout/cancel`,
    });
    stripe.pay(stranger.id);
    expect((await stripe.deliver(app.url, "checkout.session.completed", stranger.id)).status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
  });

  it("unknown sessions on /checkout/success: home with 'Invalid checkout session'", async () => {
    for (const id of ["cs_test_doesnotexist", "not-a-session"]) {
      const res = await success(id);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect(flashOf(res)).toEqual({
        kind: "error",
        title: "Invalid checkout session",
        description: "Deze betaalsessie is onbekend of verlopen. Je winkelwagen is bewaard.",
      });
    }
  });

  it("Stripe unreachable: the page says 'Could not verify payment', the webhook answers 500 so Stripe retries", async () => {
    const { order, session } = await pendingOrder();
    stripe.pay(session.id);
    const { body, signature } = stripe.webhook("checkout.session.completed", session.id);
    stripe.down = true;
    const page = await success(session.id);
    expect(page.status).toBe(502);
    expect(await page.text()).toContain("Could not verify payment");
    const hook = await fetch(`${app.url}/api/payments/stripe-webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
    expect(hook.status).toBe(500);
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    stripe.down = false;
    expect(
      (
        await fetch(`${app.url}/api/payments/stripe-webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body,
        })
      ).status,
    ).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
  });
});
