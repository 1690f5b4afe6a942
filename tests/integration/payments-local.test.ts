import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { couponCodes, localPaymentSessions, orders, outbox, stock } from "../../app/db/schema";
import { confirmPayment } from "../../app/features/orders/index.server";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { payLocalSession } from "../../app/features/payments/local-provider.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createLogger } from "../../app/shared/logging/logger.server";
import { startTestApp } from "../support/app";
import { createCoupon, createPendingOrder } from "../support/checkout-factories";
import { createTestDatabase } from "../support/db";
import { flashOf } from "../support/flash";
import { useTestApp } from "../support/fixture";

const SHOP = "winkel@trapkracht.test";

describe("local test payment provider", () => {
  const { app, database } = useTestApp({ SHOP_EMAIL: SHOP });
  let payments: PaymentProvider;

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stockOf = async (artNos: number[]) =>
    (await database.db.select().from(stock).where(inArray(stock.artNo, artNos)).orderBy(asc(stock.artNo))).map(
      (s) => s.quantity,
    );
  const mails = () => database.db.select().from(outbox).orderBy(asc(outbox.id));
  const pendingOrder = (opts: Partial<Parameters<typeof createPendingOrder>[2]> = {}) =>
    createPendingOrder(database.db, payments, { appUrl: app.url, ...opts });
  const pay = (sessionId: string, fields: Record<string, string> = { method: "ideal", bank: "ING" }) =>
    app.post(`/betaalpagina/${sessionId}`, { intent: "pay", ...fields });

  beforeAll(async () => {
    payments = createPaymentProvider({ db: database.db, config: app.config, logger: createLogger("silent") });
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
  });

  it("is the embedded default: the session lives in the database and the page is served by the shop", async () => {
    const { order, session, totals } = await pendingOrder();
    expect(payments.name).toBe("local");
    expect(session.id).toMatch(/^lps_[A-Za-z0-9_-]{20,}$/);
    expect(session.url).toBe(`${app.url}/betaalpagina/${session.id}`);
    const [stored] = await database.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, session.id));
    expect(stored).toMatchObject({
      orderId: order.id,
      amountTotalCents: totals.totalCents,
      status: "open",
      paid: false,
    });
    const minutes = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    expect(await payments.retrieveSession(session.id)).toEqual({
      id: session.id,
      orderId: order.id,
      status: "open",
      paid: false,
      amountTotalCents: totals.totalCents,
      url: session.url,
    });
    expect(await payments.retrieveSession("lps_doesnotexist000000")).toBeNull();
    expect(await payments.parseWebhook("{}", null)).toEqual({ type: "ignored" });
  });

  it("shows a labelled test page with the shop, the amount, the lines and the three choices", async () => {
    const { session } = await pendingOrder({
      lines: [
        { priceCents: 1995, quantity: 2, brand: "Muc-Off", name: "Kettingolie 50 ml" },
        { priceCents: 500, quantity: 1, vatRate: 9, name: "Energiereep" },
      ],
    });
    const { status, html } = await app.html(`/betaalpagina/${session.id}`);
    expect(status).toBe(200);
    expect(html).toContain("Testbetaalpagina — er wordt geen echt geld afgeschreven");
    expect(html).toContain("Trapkracht");
    // 2 × 19,95 + 5,00 = 44,90 plus shipping 4,95 (below €50) = 49,85
    expect(html).toContain("€\u00a049,85");
    expect(html).toContain("Kettingolie 50 ml");
    expect(html).toContain("Muc-Off · aantal 2");
    const radio = (id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(radio("method-ideal")).toContain('type="radio"');
    expect(radio("method-ideal")).toContain('value="ideal"');
    expect(radio("method-ideal")).toContain('checked=""');
    expect(radio("method-card")).toContain('value="card"');
    expect(radio("method-card")).not.toContain("checked");
    expect(html).toContain('<label class="text-sm font-medium text-ink" for="bank">Bank</label>');
    for (const bank of ["ABN AMRO", "ING", "Rabobank", "ASN Bank", "bunq", "Knab", "SNS", "Triodos"]) {
      expect(html).toContain(`<option value="${bank}">${bank}</option>`);
    }
    expect(html).toContain(">Betalen</button>");
    expect(html).toContain(">Betaling laten mislukken</button>");
    expect(html).toContain(">Annuleren</button>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("pays: redirects to the success URL as Stripe does; the order is paid once, stock and coupon counted once, two mails", async () => {
    const coupon = await createCoupon(database.db, { discountPercentage: 10 });
    const { order, session, products, totals, customer } = await pendingOrder({
      coupon: { id: coupon.id, code: coupon.code, discountCents: 490 },
      lines: [
        { priceCents: 1995, quantity: 2, stock: 10, brand: "Muc-Off", name: "Kettingolie 50 ml" },
        { priceCents: 1010, quantity: 1, vatRate: 9, stock: 5, name: "Energiereep" },
      ],
    });
    const res = await pay(session.id);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${app.url}/checkout/success?session_id=${session.id}`);

    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
    const [usage] = await database.db.select().from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(usage!.usageCount).toBe(1);
    const [stored] = await database.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, session.id));
    expect(stored).toMatchObject({ status: "complete", paid: true, paymentMethod: "ideal", bank: "ING" });

    const sent = await mails();
    expect(sent.map((m) => [m.kind, m.toAddress])).toEqual([
      ["order-confirmation", customer.email],
      ["order-notification", SHOP],
    ]);
    const number = order.id.slice(0, 8);
    const confirmation = sent[0]!;
    expect(confirmation.subject).toBe(`Bevestiging van je bestelling ${number} bij Trapkracht`);
    for (const part of [
      `Bestelnummer: ${number}`,
      "- Kettingolie 50 ml × 2: € 39,90 (€ 19,95 per stuk)",
      "- Energiereep × 1: € 10,10",
      "Subtotaal: € 50,00",
      `Korting (${coupon.code}): − € 4,90`,
      "Verzendkosten: € 4,95",
      `Totaal: € ${(totals.totalCents / 100).toFixed(2).replace(".", ",")}`,
      "Waarvan btw 21%:",
      "Waarvan btw 9%:",
      "Fietsstraat 12 B",
      "3511 AB Utrecht",
      "Herroepingsrecht: 14 dagen bedenktijd",
      "Modelformulier voor herroeping",
      "Ik/Wij* deel/delen* u hierbij mede",
      "Vragen over je bestelling? Mail onze klantenservice op",
    ]) {
      expect(confirmation.textBody.replace(/\u00a0/g, " ")).toContain(part);
    }
    expect(confirmation.htmlBody).toContain("Modelformulier voor herroeping");
    const notification = sent[1]!;
    expect(notification.subject).toContain(`Nieuwe bestelling ${number}`);
    expect(notification.replyTo).toBe(customer.email);
    for (const part of [order.id, "Sanne de Vries", customer.email, "0612345678", `ArtNo ${products[0]!.artNo}`]) {
      expect(notification.textBody).toContain(part);
    }

    // The success page after it: the order number and thanks, nothing done twice.
    const success = await app.html(`/checkout/success?session_id=${session.id}`);
    expect(success.status).toBe(200);
    expect(success.html).toContain("Bedankt voor je bestelling!");
    expect(success.html).toContain(number);
    // The order's own page, signed in or not (a guest has no /orders): the signed link opens it.
    const orderLink = /href="(\/bestelling\?code=[^"]+)"/.exec(success.html)?.[1]?.replace(/&amp;/g, "&");
    expect(orderLink).toBeTruthy();
    expect(success.html).toContain("Bekijk je bestelling");
    const opened = await app.get(orderLink!);
    expect(opened.status).toBe(302);
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await app.html("/bestelling", { headers: { cookie } })).html).toContain(`#${number}`);
    expect(success.html).toContain("Verder winkelen");
    // A second click on "Betalen" or a reload of the page goes on to the success page again.
    expect((await pay(session.id)).headers.get("location")).toBe(
      `${app.url}/checkout/success?session_id=${session.id}`,
    );
    expect((await app.get(`/betaalpagina/${session.id}`)).status).toBe(302);
    expect(await mails()).toHaveLength(2);
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
    const [again] = await database.db.select().from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(again!.usageCount).toBe(1);
  });

  it("pays by test card; refuses a missing bank or another card number with a linked Dutch message", async () => {
    const { order, session } = await pendingOrder();
    const noBank = await pay(session.id, { method: "ideal", bank: "" });
    expect(noBank.status).toBe(400);
    const noBankHtml = await noBank.text();
    expect(noBankHtml).toContain('id="bank-fout"');
    expect(noBankHtml).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="bank-fout"/);
    expect(noBankHtml).toContain(
      '<p id="bank-fout" class="text-sm text-danger">Kies je bank om met iDEAL te betalen.</p>',
    );

    const wrongCard = await pay(session.id, { method: "card", cardNumber: "4000 0000 0000 0002" });
    expect(wrongCard.status).toBe(400);
    const wrongHtml = await wrongCard.text();
    expect(wrongHtml).toContain("Gebruik het testkaartnummer 4242 4242 4242 4242.");
    expect(/<input[^>]*id="method-card"[^>]*>/.exec(wrongHtml)?.[0]).toContain('checked=""');
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");

    const card = await pay(session.id, { method: "card", cardNumber: "4242 4242 4242 4242" });
    expect(card.status).toBe(302);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
  });

  it("fails on request: 'Betaling mislukt', the order stays unpaid and the shopper can try again", async () => {
    const { order, session } = await pendingOrder();
    const res = await app.post(`/betaalpagina/${session.id}`, { intent: "fail", method: "ideal", bank: "ING" });
    expect(res.status).toBe(402);
    const html = await res.text();
    expect(html).toContain("Betaling mislukt");
    expect(html).toContain('role="alert"');
    expect(html).toContain(">Betalen</button>");
    expect(html).toContain(">Annuleren</button>");
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
    expect(await mails()).toHaveLength(0);

    expect((await pay(session.id)).status).toBe(302);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
  });

  it("cancels: back to the cancel URL, the order unpaid; the cancel page keeps the cart", async () => {
    const { order, session } = await pendingOrder();
    const res = await app.post(`/betaalpagina/${session.id}`, { intent: "cancel" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${app.url}/checkout/cancel`);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });

    const cancel = await app.html("/checkout/cancel");
    expect(cancel.status).toBe(200);
    expect(cancel.html).toContain("Betaling geannuleerd");
    expect(cancel.html).toContain("Je winkelwagen is bewaard");
    expect(cancel.html).toContain('href="/checkout"');
    expect(cancel.html).toContain("Terug naar afrekenen");
    expect(cancel.html).toContain("Verder winkelen");
  });

  it("success page before paying (payment still open): waits, confirms nothing", async () => {
    const { order, session } = await pendingOrder();
    const res = await app.html(`/checkout/success?session_id=${session.id}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain("We wachten nog op de bevestiging van je betaling");
    expect(res.html).not.toContain("Bedankt voor je bestelling!");
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
  });

  it("unknown or missing session on /checkout/success: home with 'Invalid checkout session'", async () => {
    for (const path of ["/checkout/success?session_id=lps_unknownsession000000", "/checkout/success"]) {
      const res = await app.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect(flashOf(res)).toEqual({
        kind: "error",
        title: "Invalid checkout session",
        description: "Deze betaalsessie is onbekend of verlopen. Je winkelwagen is bewaard.",
      });
    }
  });

  it("unknown payment page: a clear Dutch message", async () => {
    const { status, html } = await app.html("/betaalpagina/lps_bestaatnietmeer00000");
    expect(status).toBe(404);
    expect(html).toContain("Deze betaalpagina bestaat niet");
    expect(html).toContain("Terug naar de winkel");
  });

  it("an expired session cannot be paid; the order stays unpaid (and is cancelled)", async () => {
    const { order, session, products } = await pendingOrder();
    await database.db
      .update(localPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(localPaymentSessions.id, session.id));
    const page = await app.html(`/betaalpagina/${session.id}`);
    expect(page.status).toBe(410);
    expect(page.html).toContain("Deze betaalsessie is verlopen");
    const res = await pay(session.id);
    expect(res.status).toBe(410);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid", status: "cancelled", paidAt: null });
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([10, 5]);

    const success = await app.html(`/checkout/success?session_id=${session.id}`);
    expect(success.status).toBe(402);
    expect(success.html).toContain("Je betaling is niet gelukt");
    expect(await mails()).toHaveLength(0);
  });

  it("server killed between payment and confirmation: the next visit to the success page confirms it", async () => {
    const { order, session } = await pendingOrder();
    // What the page had done before the process died: the provider's session is paid, the order not.
    expect(await payLocalSession(database.db, session.id, { method: "ideal", bank: "Rabobank" })).not.toBeNull();
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    const res = await app.html(`/checkout/success?session_id=${session.id}`);
    expect(res.html).toContain("Bedankt voor je bestelling!");
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await mails()).toHaveLength(2);
  });

  it("concurrent confirmations (success page ×3 and direct calls ×3 at once): paid once, stock once, mails once", async () => {
    const coupon = await createCoupon(database.db, { discountAmountCents: 500, discountPercentage: null });
    const { order, session, products } = await pendingOrder({
      coupon: { id: coupon.id, code: coupon.code, discountCents: 500 },
    });
    await payLocalSession(database.db, session.id, { method: "card", bank: null });
    const deps = { db: database.db, payments, logger: createLogger("silent"), config: app.config };
    const results = await Promise.all([
      app.get(`/checkout/success?session_id=${session.id}`),
      app.get(`/checkout/success?session_id=${session.id}`),
      app.get(`/checkout/success?session_id=${session.id}`),
      confirmPayment(deps, session.id),
      confirmPayment(deps, session.id),
      confirmPayment(deps, session.id),
    ]);
    for (const r of results.slice(0, 3)) expect((r as Response).status).toBe(200);
    const direct = results.slice(3) as { outcome: string; newlyPaid: boolean }[];
    expect(direct.every((r) => r.outcome === "paid")).toBe(true);
    expect(direct.filter((r) => r.newlyPaid).length).toBeLessThanOrEqual(1);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
    expect((await mails()).map((m) => m.kind)).toEqual(["order-confirmation", "order-notification"]);
    const [usage] = await database.db.select().from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(usage!.usageCount).toBe(1);
  });

  it("two confirmations that both saw the order unpaid: only the conditional UPDATE's winner goes on", async () => {
    const { order, session, products } = await pendingOrder();
    await payLocalSession(database.db, session.id, { method: "ideal", bank: "bunq" });
    // The real provider, held at a barrier until both callers have asked it: both have then read the
    // order as unpaid, whatever the database's scheduling (PGlite runs one statement at a time).
    let arrived = 0;
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => (release = resolve));
    const held: PaymentProvider = {
      ...payments,
      name: payments.name,
      async retrieveSession(id) {
        const state = await payments.retrieveSession(id);
        if (++arrived === 2) release();
        await barrier;
        return state;
      },
    };
    const deps = { db: database.db, payments: held, logger: createLogger("silent"), config: app.config };
    const [a, b] = await Promise.all([confirmPayment(deps, session.id), confirmPayment(deps, session.id)]);
    expect(arrived).toBe(2);
    expect([a!.newlyPaid, b!.newlyPaid].sort()).toEqual([false, true]);
    expect([a!.outcome, b!.outcome]).toEqual(["paid", "paid"]);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([8, 4]);
    expect(await mails()).toHaveLength(2);
  });

  it("an amount that differs from the order total is never marked paid", async () => {
    const { order, session, products } = await pendingOrder();
    // The order's total changed after the session was made (or the session was tampered with).
    await database.db
      .update(orders)
      .set({ totalAmountCents: order.totalAmountCents + 100 })
      .where(eq(orders.id, order.id));
    const res = await pay(session.id);
    expect(res.status).toBe(302);
    const success = await app.html(`/checkout/success?session_id=${session.id}`);
    expect(success.status).toBe(402);
    expect(success.html).toContain("Je betaling is niet gelukt");
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    expect(await stockOf(products.map((p) => p.artNo))).toEqual([10, 5]);
    expect(await mails()).toHaveLength(0);
  });

  it("stock never goes below zero; unknown stock stays unknown", async () => {
    const { order, session, products } = await pendingOrder({
      lines: [
        { priceCents: 2500, quantity: 3, stock: 1 },
        { priceCents: 2500, quantity: 1, stock: null },
      ],
    });
    expect((await pay(session.id)).status).toBe(302);
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await stockOf([products[0]!.artNo])).toEqual([0]);
    expect(await stockOf([products[1]!.artNo])).toEqual([]);
  });

  it("a notification that cannot be queued is logged and never blocks the order or its confirmation", async () => {
    await database.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_notification() RETURNS trigger AS $$
      BEGIN
        IF NEW.kind = 'order-notification' THEN RAISE EXCEPTION 'notification refused'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await database.db.execute(sql`
      CREATE TRIGGER refuse_notification BEFORE INSERT ON outbox
      FOR EACH ROW EXECUTE FUNCTION refuse_notification()`);
    try {
      const { order, session } = await pendingOrder();
      expect((await pay(session.id)).status).toBe(302);
      expect((await orderRow(order.id)).paymentStatus).toBe("paid");
      expect((await mails()).map((m) => m.kind)).toEqual(["order-confirmation"]);
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_notification ON outbox`);
    }
  });
});

describe("local provider behind Stripe", () => {
  it("serves no payment page when Stripe is the provider", async () => {
    const database = await createTestDatabase();
    const app = await startTestApp(database.db, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    try {
      expect((await app.get("/betaalpagina/lps_abcdefghijklmnopqrst")).status).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
