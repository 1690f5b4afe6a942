import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminActionResult } from "../../app/shared/admin-ui/admin-actions";
import { adminChanges, orderItems, orderRefunds, orders, outbox, stock } from "../../app/db/schema";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { guestOrderToken } from "../../app/features/shopper-orders/index.server";
import { TEST_AUTH_SECRET } from "../support/app";
import { createPaidOrder, createPendingOrder } from "../support/checkout-factories";
import { fakeStripeEnv, useFakeStripe } from "../support/fake-stripe";
import { useTestApp, type TestAppFixture } from "../support/fixture";
import { expectAdminOnly } from "../support/refusals";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

/** The refund scenarios, run against each provider: `payOrder` pays a new order through it. */
function refundScenarios(
  fixture: TestAppFixture,
  payOrder: (payments: PaymentProvider) => Promise<{ orderId: string; sessionId: string }>,
  /** The amounts the provider itself recorded (the Stripe fake), or null when it keeps none. */
  providerRefunds: (() => number[]) | null,
) {
  const { app, database } = fixture;
  const db = () => database.db;
  let payments: PaymentProvider;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let customer: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    payments = createPaymentProvider({ db: db(), config: app.config, logger: createLogger("silent") });
    admin = await signedInUser(app, db(), {
      role: "admin",
      email: `refund-admin-${crypto.randomUUID()}@trapkracht.test`,
    });
    customer = await signedInUser(app, db(), { email: `refund-klant-${crypto.randomUUID()}@example.nl` });
  });

  const refund = (orderId: string, fields: Record<string, string>, cookie = admin.cookie) =>
    postToAction<AdminActionResult>(app, `/admin/orders/${orderId}`, { intent: "refund", ...fields }, { cookie });
  const itemsOf = (orderId: string) =>
    db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const orderOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const refundsOf = (orderId: string) => db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const stockOf = async (artNo: string) =>
    (
      await db()
        .select()
        .from(stock)
        .where(eq(stock.artNo, Number(artNo)))
    )[0]!.quantity;

  it("a partial refund of one item and then the rest in full; stock put back when asked; the shopper gets a mail", async () => {
    const { orderId } = await payOrder(payments);
    const [first, second] = await itemsOf(orderId);
    const order = await orderOf(orderId);
    expect(order.paymentStatus).toBe("paid");
    const stockBefore = await stockOf(first!.productId);

    // The default order: 2 × 19,95 (21 %) + 8,95 (9 %) = 48,85, no coupon, + 4,95 shipping = 53,80.
    // One of the two first pieces: 19,95 back.
    const partial = await refund(orderId, {
      [`refund-qty-${first!.id}`]: "1",
      restock: "on",
      refundKey: crypto.randomUUID(),
      confirmedAmountCents: "1995",
    });
    expect(partial.status).toBe(200);
    expect(partial.data).toMatchObject({ ok: true, title: "Refund made" });
    expect(await stockOf(first!.productId)).toBe(stockBefore! + 1);
    expect((await orderOf(orderId)).paymentStatus).toBe("paid");
    const [made] = await refundsOf(orderId);
    expect(made).toMatchObject({ amountCents: 1995, status: "succeeded", createdBy: admin.id });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", refundedCents: 1995 });
    expect(made!.providerRefundId).toMatch(/^(re_test_|lre_)/);
    if (providerRefunds) expect(providerRefunds()).toContain(1995);
    // The shopper's order page shows the partial refund with its amount.
    const page = await app.html("/bestelling", {
      headers: { cookie: `trapkracht_bestelling=${guestOrderToken(TEST_AUTH_SECRET, orderId)}` },
    });
    expect(page.html).toMatch(/<dt>Terugbetaald<\/dt><dd[^>]*>−\s€\s19,95<\/dd>/);
    expect(page.html).toContain("Deels terugbetaald €\u00a019,95");

    // The rest: the other piece, the second line and shipping; more than is left is refused first.
    const tooMany = await refund(orderId, {
      [`refund-qty-${first!.id}`]: "2",
      refundKey: crypto.randomUUID(),
      confirmedAmountCents: "3990",
    });
    expect(tooMany.status).toBe(400);
    const rest = await refund(orderId, {
      [`refund-qty-${first!.id}`]: "1",
      [`refund-qty-${second!.id}`]: String(second!.quantity),
      refundShipping: "on",
      refundKey: crypto.randomUUID(),
      // 19,95 + 8,95 + 4,95 = 33,85, the rest of the 53,80 paid.
      confirmedAmountCents: "3385",
    });
    expect(rest.data).toMatchObject({ ok: true });
    expect(rest.data.description).toContain("fully refunded");
    const done = await orderOf(orderId);
    expect(done.paymentStatus).toBe("refunded");
    const total = (await refundsOf(orderId)).reduce((sum, r) => sum + r.amountCents, 0);
    expect(total).toBe(done.totalAmountCents);

    const nothingLeft = await refund(orderId, {
      [`refund-qty-${first!.id}`]: "1",
      refundKey: crypto.randomUUID(),
      confirmedAmountCents: "1995",
    });
    expect(nothingLeft.status).toBe(409);
    const mails = await db().select().from(outbox).where(eq(outbox.kind, "order-refund"));
    expect(mails.filter((m) => m.subject.includes(orderId.slice(0, 8)))).toHaveLength(2);
    const changes = await db().select().from(adminChanges).where(eq(adminChanges.entityId, orderId));
    expect(changes.filter((c) => c.action === "refund")).toHaveLength(2);
  });

  it("no money moves without the amount confirmed, nor when the confirmed amount is not what would be paid", async () => {
    const { orderId } = await payOrder(payments);
    const [line] = await itemsOf(orderId);
    const before = providerRefunds?.().length ?? 0;
    const unconfirmed = await refund(orderId, { [`refund-qty-${line!.id}`]: "1", refundKey: crypto.randomUUID() });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({ ok: false, description: "Confirm the amount to pay back first." });
    // One piece is 19,95; a form that promised 39,90 (drawn before an earlier refund, or edited) is refused.
    const stale = await refund(orderId, {
      [`refund-qty-${line!.id}`]: "1",
      refundKey: crypto.randomUUID(),
      confirmedAmountCents: "3990",
    });
    expect(stale.status).toBe(409);
    expect(stale.data.description).toContain("€\u00a019,95");
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", refundedCents: 0 });
    if (providerRefunds) expect(providerRefunds().length).toBe(before);
  });

  it("the same form sent twice (a double click) refunds once", async () => {
    const { orderId } = await payOrder(payments);
    const [line] = await itemsOf(orderId);
    const key = crypto.randomUUID();
    const fields = { [`refund-qty-${line!.id}`]: "1", refundKey: key, confirmedAmountCents: "1995" };
    const before = providerRefunds?.().length ?? 0;
    const both = await Promise.all([refund(orderId, fields), refund(orderId, fields)]);
    // One makes the refund; the other finds it (made, or still being made).
    expect(both.filter((r) => r.data.ok).length).toBeGreaterThanOrEqual(1);
    const again = await refund(orderId, fields);
    expect(again.data).toMatchObject({ ok: true, title: "Already refunded" });
    expect(await refundsOf(orderId)).toHaveLength(1);
    if (providerRefunds) expect(providerRefunds().length - before).toBe(1);
  });

  it("a guest or a customer cannot refund, and nothing changes", async () => {
    const { orderId } = await payOrder(payments);
    const [line] = await itemsOf(orderId);
    for (const cookie of ["", customer.cookie]) {
      const fields = {
        intent: "refund",
        [`refund-qty-${line!.id}`]: "1",
        refundKey: crypto.randomUUID(),
        confirmedAmountCents: "1995",
      };
      await expectAdminOnly(app, cookie, [{ path: `/admin/orders/${orderId}`, fields }]);
    }
    expect(await refundsOf(orderId)).toEqual([]);
    expect((await orderOf(orderId)).paymentStatus).toBe("paid");
  });
}

describe("refunds with the local test provider", () => {
  const fixture = useTestApp();
  refundScenarios(
    fixture,
    async (payments) => {
      const { order, session } = await createPaidOrder(fixture.app, fixture.database.db, payments);
      return { orderId: order.id, sessionId: session.id };
    },
    null,
  );
});

describe("refunds through Stripe (the SDK against a loopback fake)", () => {
  const stripe = useFakeStripe();
  const fixture = useTestApp(() => fakeStripeEnv(stripe));
  refundScenarios(
    fixture,
    async (payments) => {
      const { order, session } = await createPendingOrder(fixture.database.db, payments, { appUrl: fixture.app.url });
      stripe.pay(session.id);
      await fixture.app.get(`/checkout/success?session_id=${session.id}`);
      return { orderId: order.id, sessionId: session.id };
    },
    () => stripe.refunds.map((r) => r.amount),
  );
});
