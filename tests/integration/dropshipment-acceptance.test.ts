import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../app/shared/config/env.server";
import { jobs, orderEvents, orders, outbox } from "../../app/db/schema";
import {
  DROPSHIPMENT_QUEUE,
  dropshipmentKey,
  dropshipmentQueue,
} from "../../app/features/fulfilment/dropshipment.server";
import type { JobPayloads } from "../../app/shared/jobs/queue.server";
import { createJobWorker, type ClaimedJob, type JobWorker } from "../../app/shared/jobs/worker.server";
import { changeOrderStatus } from "../../app/features/orders/index.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createConfirmedOrder } from "../support/checkout-factories";
import { fakeSupplierEnv, startFakeSupplier, type FakeSupplier } from "../support/fake-supplier";
import { useTestDatabase } from "../support/fixture";

const logger = createLogger("silent");
const ADMIN = { id: "admin-1", email: "beheerder@trapkracht.test" };

/**
 * ADR 0029: the supplier's acceptance ships a paid order, in the transaction that records the
 * acceptance, with the shopper's mail queued exactly once, however often the job runs.
 */
describe("a paid order the supplier accepts", () => {
  const database = useTestDatabase();
  const db = () => database.db;
  let supplier: FakeSupplier;
  let config: Config;
  let payments: PaymentProvider;
  const workers: JobWorker[] = [];
  const worker = () => {
    const w = createJobWorker({
      db: db(),
      logger,
      queues: { [DROPSHIPMENT_QUEUE]: dropshipmentQueue({ config, logger, backoff: { baseMs: 0, maxMs: 0 } }) },
    });
    workers.push(w);
    return w;
  };

  const paidOrder = async (email: string) => {
    const placed = await createConfirmedOrder({ db: db(), payments, logger, config }, { email });
    return placed.order.id;
  };
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const statusMails = (orderId: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), sql`${outbox.kind} like 'order-status-%'`))
      .orderBy(asc(outbox.id));
  const eventsOf = (orderId: string) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

  beforeAll(async () => {
    supplier = await startFakeSupplier();
    config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "http://127.0.0.1:9",
      SHOP_EMAIL: "winkel@trapkracht.test",
      ...fakeSupplierEnv(supplier),
    });
    payments = createPaymentProvider({ db: db(), config, logger });
  });
  beforeEach(async () => {
    await db().delete(jobs);
    supplier.reset();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(100)));
  });
  afterAll(async () => {
    await supplier.close();
  });

  it("is shipped at acceptance, with one mail in words true at that moment, and the acceptance recorded", async () => {
    const orderId = await paidOrder("sanne.acceptatie@example.nl");
    // Paid: "processing" (the payment confirmation does that), no status mail yet.
    expect(await orderRow(orderId)).toMatchObject({ status: "processing", dropshipmentStatus: "pending" });
    expect(await statusMails(orderId)).toEqual([]);

    expect(await worker().runOnce()).toBe(1);

    expect(await orderRow(orderId)).toMatchObject({
      status: "shipped",
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
      // Shipped is not delivered: the withdrawal period does not start here.
      completedAt: null,
      trackingUrl: null,
    });
    const mails = await statusMails(orderId);
    expect(mails).toHaveLength(1);
    const short = orderId.slice(0, 8);
    expect(mails[0]).toMatchObject({
      kind: "order-status-shipped",
      toAddress: "sanne.acceptatie@example.nl",
      subject: `Je bestelling wordt naar je verstuurd – bestelling #${short}`,
      status: "pending",
    });
    expect(mails[0]!.textBody).toContain(
      "Onze leverancier heeft je bestelling ontvangen en verstuurt hem rechtstreeks naar je, met een pakketdienst.",
    );
    // Nothing claims the parcel has left or gives a tracking link the shop does not have.
    expect(mails[0]!.textBody).not.toContain("onderweg");
    expect(mails[0]!.textBody).not.toContain("Volg je pakket");
    // Its delivery job exists (the outbox worker sends it).
    const [mailJob] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `mail:${mails[0]!.id}`));
    expect(mailJob).toMatchObject({ queue: "mail", status: "pending" });

    const events = await eventsOf(orderId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "supplier-accepted",
      detail: { supplierReference: "LV-000001", alreadyKnown: false, statusFrom: "processing", statusTo: "shipped" },
    });
  });

  it("a retried job (lease expired, or put back in the queue) mails nothing a second time", async () => {
    const orderId = await paidOrder("herhaald@example.nl");
    const thisJob = eq(jobs.singletonKey, dropshipmentKey(orderId));
    expect(await worker().runOnce()).toBe(1);
    expect(await statusMails(orderId)).toHaveLength(1);

    // An instance killed after the acceptance's transaction but before its job was marked completed.
    await db()
      .update(jobs)
      .set({ status: "running", finishedAt: null, lockedUntil: sql`now() - interval '1 second'` })
      .where(thisJob);
    expect(await worker().runOnce()).toBe(1);
    // Put back in the queue by hand.
    await db()
      .update(jobs)
      .set({ status: "pending", finishedAt: null, lockedUntil: null, runAt: sql`now()` })
      .where(thisJob);
    expect(await worker().runOnce()).toBe(1);

    expect(await statusMails(orderId)).toHaveLength(1);
    expect(await eventsOf(orderId)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "shipped", dropshipmentReference: "LV-000001" });
  });

  it("two attempts of one job that both reach the supplier (one 'accepted', one 'already known') ship and mail once", async () => {
    const orderId = await paidOrder("dubbel@example.nl");
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, dropshipmentKey(orderId)));
    // The queue's own run, twice at once: a first attempt still waiting for its answer while a
    // second worker took the job over after the lease ran out.
    const queue = dropshipmentQueue({ config, logger });
    const context = { job: job as ClaimedJob, db: db(), logger, signal: new AbortController().signal };
    const payload = job!.payload as JobPayloads["dropshipment"];
    await Promise.all([queue.run(payload, context), queue.run(payload, context)]);

    // Both passed the "already completed?" check and sent: the acceptance's own lock decides.
    expect(supplier.requests).toHaveLength(2);
    expect(supplier.orders.size).toBe(1);
    expect(await statusMails(orderId)).toHaveLength(1);
    const events = await eventsOf(orderId);
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({ statusFrom: "processing", statusTo: "shipped" });
    expect(await orderRow(orderId)).toMatchObject({ status: "shipped", dropshipmentReference: "LV-000001" });
  });

  it("an order an admin already moved on keeps its status, and the shopper gets no second mail", async () => {
    const orderId = await paidOrder("al-verwerkt@example.nl");
    // The owner marked it shipped with a tracking link before the supplier's answer came in.
    const changed = await changeOrderStatus(
      db(),
      ADMIN,
      { orderId, to: "shipped", trackingUrl: "https://pakket.example/volg/123" },
      config,
    );
    expect(changed).toMatchObject({ ok: true, from: "processing", to: "shipped" });
    expect(await statusMails(orderId)).toHaveLength(1);

    expect(await worker().runOnce()).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({
      status: "shipped",
      dropshipmentStatus: "completed",
      trackingUrl: "https://pakket.example/volg/123",
    });
    expect(await statusMails(orderId)).toHaveLength(1);
    expect((await eventsOf(orderId))[0]!.detail).toMatchObject({ statusFrom: "shipped", statusTo: "shipped" });
  });
});
