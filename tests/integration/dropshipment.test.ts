import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { loadConfig, type Config } from "../../app/shared/config/env.server";
import { adminChanges, jobs, orders, outbox } from "../../app/db/schema";
import {
  DROPSHIPMENT_QUEUE,
  dropshipmentQueue,
  enqueueDropshipment,
  getDropshipmentJob,
  retryDropshipment,
} from "../../app/features/fulfilment/dropshipment.server";
import { sendSupplierRequest } from "../../app/features/fulfilment/supplier-settings.server";
import { createBackgroundJobs } from "../../server/job-registry";
import { createJobWorker, type JobWorker } from "../../app/shared/jobs/worker.server";
import { changeOrderStatus, confirmPayment } from "../../app/features/orders/index.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createConfirmedOrder, createPendingOrder } from "../support/checkout-factories";
import { startFakeSupplier, type FakeSupplier } from "../support/fake-supplier";
import { useTestDatabase } from "../support/fixture";

const logger = createLogger("silent");
const SHOP_EMAIL = "winkel@trapkracht.test";
const ADMIN = { id: "admin-1", email: "beheerder@trapkracht.test" };

/** Paid orders reach the supplier: a real loopback HTTP server plays the supplier (tests/support/fake-supplier.ts). */
describe("dropshipment", () => {
  const database = useTestDatabase();
  let supplier: FakeSupplier;
  let config: Config;
  let payments: PaymentProvider;
  const workers: JobWorker[] = [];

  /** A worker with only the dropshipment queue, no backoff wait (each pass tries a failed job again). */
  const worker = (leaseMs?: number) => {
    const w = createJobWorker({
      db: database.db,
      logger,
      queues: {
        [DROPSHIPMENT_QUEUE]: dropshipmentQueue({ config, logger, backoff: { baseMs: 0, maxMs: 0 }, leaseMs }),
      },
    });
    workers.push(w);
    return w;
  };

  /** An order placed and paid as the shopper does it: local payment page, then the one confirmation. */
  const paidOrder = async (email?: string) => {
    return createConfirmedOrder({ db: database.db, payments, logger, config }, { email });
  };
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const dropshipJobs = () =>
    database.db.select().from(jobs).where(eq(jobs.queue, DROPSHIPMENT_QUEUE)).orderBy(asc(jobs.id));
  const failureMails = () => database.db.select().from(outbox).where(eq(outbox.kind, "dropshipment-error"));

  beforeAll(async () => {
    supplier = await startFakeSupplier();
    config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "http://127.0.0.1:9",
      SHOP_EMAIL,
      SUPPLIER_API_URL: supplier.url,
      SUPPLIER_USERNAME: "trapkracht",
      SUPPLIER_PASSWORD: "geheim & <veilig>",
      SUPPLIER_DEBTOR_NUMBER: "D-10452",
      SUPPLIER_TIMEOUT_MS: "1000",
    });
    payments = createPaymentProvider({ db: database.db, config, logger });
  });
  beforeEach(async () => {
    // Each test starts with no queued work and an empty supplier (the books stay keyed by order id).
    await database.db.delete(jobs);
    await database.db.delete(outbox);
    supplier.reset();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(100)));
  });
  afterAll(async () => {
    await supplier.close();
  });

  it("paying an order enqueues exactly one dropshipment job, with the payment; an unpaid order has none", async () => {
    const unpaid = await createPendingOrder(database.db, payments, { appUrl: config.publicUrl });
    const { order, session } = await paidOrder();
    // A second confirmation (webhook retry, success page reload) adds nothing.
    await confirmPayment({ db: database.db, payments, logger, config }, session.id);
    const rows = await dropshipJobs();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      payload: { orderId: order.id },
      singletonKey: `dropshipment:${order.id}`,
      status: "pending",
      maxAttempts: 6,
    });
    expect(await getDropshipmentJob(database.db, unpaid.order.id)).toBeNull();
    expect(await orderRow(order.id)).toMatchObject({ dropshipmentStatus: "pending", dropshipmentReference: null });
  });

  it("enqueues inside the caller's transaction: rolled back, no job", async () => {
    const { order } = await createPendingOrder(database.db, payments, { appUrl: config.publicUrl });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueDropshipment(tx, order.id);
        throw new Error("the payment confirmation failed");
      }),
    ).rejects.toThrow("the payment confirmation failed");
    expect(await getDropshipmentJob(database.db, order.id)).toBeNull();
  });

  it("accepted: the order message carries every field, and the order is completed with the supplier's reference", async () => {
    const { order, products } = await paidOrder("sanne@example.nl");
    expect(await worker().runOnce()).toBe(1);

    expect(supplier.requests).toHaveLength(1);
    const request = supplier.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.contentType).toBe("text/xml; charset=utf-8");
    expect(request.body).toContain("<Password>geheim &amp; &lt;veilig&gt;</Password>");
    expect(request.order).toEqual({
      username: "trapkracht",
      password: "geheim & <veilig>",
      debtorNumber: "D-10452",
      reference: order.id,
      remark: `Trapkracht bestelling ${order.id.slice(0, 8)}`,
      company: "",
      building: "",
      recipientName: "Sanne de Vries",
      phone: "0612345678",
      email: "sanne@example.nl",
      street: "Fietsstraat",
      houseNumber: "12",
      houseNumberAddition: "B",
      postalCode: "3511 AB",
      city: "Utrecht",
      country: "NL",
      deliveryNoteLanguage: "NL",
      lines: [
        { indexNumber: 1, artNo: String(products[0]!.artNo), amount: 2 },
        { indexNumber: 2, artNo: String(products[1]!.artNo), amount: 1 },
      ],
    });
    // Accepted by the supplier, the paid order is shipped (ADR 0029; dropshipment-acceptance.test.ts).
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
      status: "shipped",
      paymentStatus: "paid",
    });
    const job = await getDropshipmentJob(database.db, order.id);
    expect(job).toMatchObject({ status: "completed", attempts: 1, lastError: null });
    expect(job!.history.map((h) => h.error)).toEqual([null]);
    expect(await failureMails()).toHaveLength(0);
  });

  it("rejected (4xx with a reason): failed at once, the shop is told, the order stays paid; 'retry now' sends it again", async () => {
    const { order } = await paidOrder("afgewezen@example.nl");
    supplier.script({ kind: "reject", status: 422, code: "UNKNOWN_ARTICLE", message: "Unknown article number 99999" });
    await worker().runOnce();

    const reason = "Supplier rejected the order: Unknown article number 99999 (UNKNOWN_ARTICLE)";
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: reason,
    });
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "failed",
      dropshipmentReference: null,
      status: "processing",
      paymentStatus: "paid",
    });
    const mails = await failureMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(SHOP_EMAIL);
    expect(mails[0]!.subject).toBe(`Dropshipment mislukt voor bestelling ${order.id.slice(0, 8)}`);
    expect(mails[0]!.textBody).toContain(`Fout: ${reason}`);
    expect(mails[0]!.textBody).toContain("E-mail: afgewezen@example.nl");
    expect(mails[0]!.textBody).toContain("Fietsstraat 12 B");
    expect(mails[0]!.textBody).toContain("3511 AB Utrecht");
    expect(mails[0]!.textBody).toMatch(/- ArtNo \d+: Testartikel \S+ × 2 à €\s19,95/);
    expect(mails[0]!.htmlBody).toContain("Unknown article number 99999");
    // The failure notice is queued for delivery like every mail.
    const mailJobs = await database.db.select().from(jobs).where(eq(jobs.queue, "mail"));
    expect(mailJobs.map((j) => j.payload)).toContainEqual({ outboxId: mails[0]!.id });

    // Nothing more happens by itself.
    expect(await worker().runOnce()).toBe(0);
    expect(supplier.requests).toHaveLength(1);

    expect(await retryDropshipment(database.db, ADMIN, order.id)).toEqual({ ok: true });
    expect(await orderRow(order.id)).toMatchObject({ dropshipmentStatus: "pending" });
    const [change] = await database.db
      .select()
      .from(adminChanges)
      .where(and(eq(adminChanges.entityId, order.id), eq(adminChanges.action, "retry-dropshipment")));
    expect(change).toMatchObject({
      entityType: "order",
      actorEmail: ADMIN.email,
      before: { dropshipmentStatus: "failed", attempts: 1, lastError: reason },
      after: { dropshipmentStatus: "pending" },
    });
    expect(await retryDropshipment(database.db, ADMIN, order.id)).toEqual({ ok: false, reason: "not-failed" });
    expect(await worker().runOnce()).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
    });
    const job = await getDropshipmentJob(database.db, order.id);
    expect(job!.history.map((h) => h.error)).toEqual([reason, null]);
    expect(await retryDropshipment(database.db, ADMIN, order.id)).toEqual({ ok: false, reason: "not-failed" });
  });

  it("500, then accepted on the retry: one supplier order", async () => {
    const { order } = await paidOrder();
    supplier.script({ kind: "status", status: 500, body: "Internal Server Error" });
    const w = worker();
    await w.runOnce();
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Supplier answered HTTP 500",
    });
    // Sent once: "processing" until it is settled.
    expect(await orderRow(order.id)).toMatchObject({ dropshipmentStatus: "processing" });
    await w.runOnce();
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
    });
    expect(supplier.orders.size).toBe(1);
    expect((await getDropshipmentJob(database.db, order.id))!.history.map((h) => h.error)).toEqual([
      "Supplier answered HTTP 500",
      null,
    ]);
  });

  it("an order the admin cancels while its dropshipment waits for a retry is never sent, and nobody is alerted", async () => {
    const { order } = await paidOrder();
    supplier.script({ kind: "status", status: 503, body: "Service Unavailable" });
    const w = worker();
    await w.runOnce();
    expect(supplier.orders.size).toBe(0);
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({ status: "pending", attempts: 1 });

    const cancelled = await changeOrderStatus(database.db, ADMIN, { orderId: order.id, to: "cancelled" }, config);
    expect(cancelled).toMatchObject({ ok: true, to: "cancelled" });
    await w.runOnce();
    expect(supplier.orders.size).toBe(0);
    expect(supplier.requests).toHaveLength(1); // the first attempt only
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({ status: "completed" });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    expect(await failureMails()).toEqual([]);
  });

  it("a hang past the timeout is an attempt that failed; the next one is accepted", async () => {
    const { order } = await paidOrder();
    supplier.script({ kind: "hang" });
    const w = worker();
    const started = performance.now();
    await w.runOnce();
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({
      status: "pending",
      lastError: "No answer from the supplier within 1000 ms",
    });
    await w.runOnce();
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
    });
  });

  it("a garbage answer (HTML from a proxy, with 200) is retried, never taken as accepted", async () => {
    const { order } = await paidOrder();
    supplier.script(
      { kind: "status", status: 200, body: "<html><body><h1>Welkom</h1></body></html>", contentType: "text/html" },
      { kind: "status", status: 200, body: "" },
    );
    const w = worker();
    await w.runOnce();
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({
      status: "pending",
      lastError:
        'Supplier answered HTTP 200 with "<html><body><h1>Welkom</h1></body></html>", not a DropshipOrderResponse',
    });
    expect(await orderRow(order.id)).toMatchObject({ dropshipmentStatus: "processing", dropshipmentReference: null });
    await w.runOnce();
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({
      status: "pending",
      lastError: "Supplier answered HTTP 200 with an empty body, not a DropshipOrderResponse",
    });
    await w.runOnce();
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
    });
  });

  it("'reference already known' counts as accepted, with the supplier's first reference", async () => {
    const { order } = await paidOrder();
    // The supplier got this order before (an earlier attempt whose answer was lost).
    supplier.orders.set(order.id, {
      supplierReference: "LV-000777",
      order: { reference: order.id } as never,
    });
    await worker().runOnce();
    expect(supplier.requests).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000777",
    });
    expect(supplier.orders.size).toBe(1);
  });

  it("after the last attempt: failed, the shop is told once, the order stays paid", async () => {
    const { order } = await paidOrder();
    supplier.script(...Array.from({ length: 6 }, () => ({ kind: "status" as const, status: 503 })));
    const w = worker();
    for (let pass = 0; pass < 7; pass++) await w.runOnce();
    expect(supplier.requests).toHaveLength(6);
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({
      status: "failed",
      attempts: 6,
      lastError: "Supplier answered HTTP 503",
    });
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "failed",
      status: "processing",
      paymentStatus: "paid",
    });
    const mails = await failureMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("(6 pogingen)");
    expect(mails[0]!.textBody).toContain("Fout: Supplier answered HTTP 503");
  });

  it("an app killed while sending, started again: exactly one supplier order", async () => {
    const { order } = await paidOrder();
    // The supplier books the order but its answer never arrives; the instance is then "killed":
    // its worker is simply abandoned, never stopped, like a process that died.
    supplier.script({ kind: "book-and-hang" });
    // A lease long enough that a busy machine still asks again before it runs out (300 ms was not:
    // CI once took longer between the claim and the restarted instance's first look).
    const dying = worker(2_000);
    const abandoned = dying.runOnce();
    await supplier.received(1);
    expect(await orderRow(order.id)).toMatchObject({ dropshipmentStatus: "processing" });

    // The restarted instance leaves the job alone while the lease holds, and takes it once it has run out.
    const restarted = worker(60_000);
    expect(await restarted.runOnce()).toBe(0);
    await expect.poll(() => restarted.runOnce(), { timeout: 10_000, interval: 200 }).toBe(1);
    expect(supplier.requests).toHaveLength(2);
    expect(supplier.requests.map((r) => r.order?.reference)).toEqual([order.id, order.id]);
    expect(supplier.orders.size).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
    });

    // The dead instance's request gives up later; it no longer owns the job and changes nothing.
    await abandoned;
    expect(await getDropshipmentJob(database.db, order.id)).toMatchObject({ status: "completed", attempts: 2 });
    expect(await orderRow(order.id)).toMatchObject({
      dropshipmentStatus: "completed",
      dropshipmentReference: "LV-000001",
    });
    expect(supplier.orders.size).toBe(1);
  });

  it("two app instances on one database send each paid order exactly once", async () => {
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await paidOrder());
    const instances = [0, 1].map(() => createBackgroundJobs({ db: database.db, config, logger, payments }));
    try {
      await Promise.all(instances.map((instance) => instance.worker.runOnce()));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop(100)));
    }
    expect(supplier.requests).toHaveLength(12);
    expect(new Set(supplier.requests.map((r) => r.order?.reference))).toEqual(new Set(placed.map((p) => p.order.id)));
    expect(supplier.orders.size).toBe(12);
    for (const { order } of placed) {
      expect(await orderRow(order.id)).toMatchObject({ dropshipmentStatus: "completed" });
    }
  });
});

describe("sendSupplierRequest", () => {
  const LOOPBACK = { allowLoopback: true };
  let supplier: FakeSupplier;
  beforeAll(async () => {
    supplier = await startFakeSupplier();
  });
  afterAll(async () => {
    await supplier.close();
  });
  const send = (timeoutMs = 1000) =>
    sendSupplierRequest({ url: supplier.url, policy: LOOPBACK, method: "POST", headers: {}, body: "<x/>", timeoutMs });

  it("follows no redirect and cuts a huge answer at 64 KiB", async () => {
    supplier.script({ kind: "status", status: 302, body: "" });
    expect(await send()).toMatchObject({ status: 302, body: "", truncated: false });
    supplier.script({ kind: "status", status: 200, body: "a".repeat(200_000) });
    const big = await send();
    expect(big.truncated).toBe(true);
    expect(big.body).toHaveLength(65_536);
  });

  it("reports a refused connection and a timeout without the request's content", async () => {
    await expect(
      sendSupplierRequest({
        url: "http://127.0.0.1:9/orders",
        policy: LOOPBACK,
        method: "POST",
        headers: {},
        body: "geheim",
        timeoutMs: 1000,
      }),
    ).rejects.toThrow("Could not reach the supplier: ECONNREFUSED");
    supplier.script({ kind: "hang" });
    await expect(send(1000)).rejects.toThrow("No answer from the supplier within 1000 ms");
  });
});
