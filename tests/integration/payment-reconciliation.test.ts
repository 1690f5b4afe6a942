import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { localPaymentSessions, orders, outbox } from "../../app/db/schema";
import { createBackgroundJobs } from "../../server/job-registry";
import { payLocalSession } from "../../app/features/payments/local-provider.server";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createCoupon, createPendingOrder } from "../support/checkout-factories";
import { useTestApp } from "../support/fixture";

/** Payments nobody came back for: the periodic job confirms them, with no browser and no webhook. */
describe("payment reconciliation job", () => {
  const { app, database } = useTestApp({ SHOP_EMAIL: "winkel@trapkracht.test" });
  let payments: PaymentProvider;
  const logger = createLogger("silent");

  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  /** One pass of the shop's own background worker, as the server runs it every few minutes. */
  const runJobs = async () => {
    const background = createBackgroundJobs({ db: database.db, config: app.config, logger, payments });
    try {
      await background.worker.runOnce();
    } finally {
      await background.stop();
    }
  };

  beforeAll(async () => {
    payments = createPaymentProvider({ db: database.db, config: app.config, logger });
  });

  it("confirms a paid session nobody came back for, leaves an open one, and closes an expired one", async () => {
    const paid = await createPendingOrder(database.db, payments, { appUrl: app.url, email: "betaald@example.nl" });
    const open = await createPendingOrder(database.db, payments, { appUrl: app.url });
    const coupon = await createCoupon(database.db, { code: "EENKEER", usageLimit: 1 });
    const expired = await createPendingOrder(database.db, payments, {
      appUrl: app.url,
      coupon: { id: coupon.id, code: coupon.code, discountCents: 500 },
    });
    // The shopper paid on the payment page, and then the confirmation was cut off (crash, closed tab).
    expect(await payLocalSession(database.db, paid.session.id, { method: "ideal", bank: "ING" })).not.toBeNull();
    await database.db
      .update(localPaymentSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(localPaymentSessions.id, expired.session.id));
    expect(await orderRow(paid.order.id)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });

    await runJobs();

    // Confirmed, and in the same pass sent to the (test) supplier, whose acceptance ships it (ADR 0029).
    expect(await orderRow(paid.order.id)).toMatchObject({
      paymentStatus: "paid",
      status: "shipped",
      dropshipmentStatus: "completed",
    });
    const toShopper = await database.db.select().from(outbox).where(eq(outbox.toAddress, "betaald@example.nl"));
    expect(toShopper.filter((mail) => mail.kind === "order-confirmation")).toHaveLength(1);
    expect(await orderRow(open.order.id)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
    // The expired session's order no longer holds the one-use coupon.
    expect(await orderRow(expired.order.id)).toMatchObject({ paymentStatus: "unpaid", status: "cancelled" });

    // The next run (next slot) finds nothing new to do and sends nothing twice.
    await database.db.delete(outbox);
    await runJobs();
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });
});
