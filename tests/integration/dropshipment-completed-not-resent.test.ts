import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../app/shared/config/env.server";
import { jobs, orders } from "../../app/db/schema";
import {
  DROPSHIPMENT_QUEUE,
  dropshipmentKey,
  dropshipmentQueue,
  getDropshipmentJob,
} from "../../app/features/fulfilment/dropshipment.server";
import { createJobWorker, type JobWorker } from "../../app/shared/jobs/worker.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createConfirmedOrder } from "../support/checkout-factories";
import { fakeSupplierEnv, startFakeSupplier, type FakeSupplier } from "../support/fake-supplier";
import { useTestDatabase } from "../support/fixture";

const logger = createLogger("silent");

/**
 * A dropshipment the supplier already accepted is never sent again, even when its job can be
 * claimed once more. The supplier's "already known" answer would hide a second send in its books
 * (one accepted order), so this counts the requests that reach the loopback supplier.
 */
describe("a completed dropshipment whose job is claimable again", () => {
  const database = useTestDatabase();
  let supplier: FakeSupplier;
  let config: Config;
  let payments: PaymentProvider;
  const workers: JobWorker[] = [];
  const worker = () => {
    const w = createJobWorker({
      db: database.db,
      logger,
      queues: { [DROPSHIPMENT_QUEUE]: dropshipmentQueue({ config, logger, backoff: { baseMs: 0, maxMs: 0 } }) },
    });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    supplier = await startFakeSupplier();
    config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "http://127.0.0.1:9",
      SHOP_EMAIL: "winkel@trapkracht.test",
      ...fakeSupplierEnv(supplier),
    });
    payments = createPaymentProvider({ db: database.db, config, logger });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(100)));
  });
  afterAll(async () => {
    await supplier.close();
  });

  it("is not sent to the supplier a second time, after an expired lease or when put back in the queue", async () => {
    const placed = await createConfirmedOrder({ db: database.db, payments, logger, config });
    const orderId = placed.order.id;
    const orderRow = async () => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    const thisJob = eq(jobs.singletonKey, dropshipmentKey(orderId));

    expect(await worker().runOnce()).toBe(1);
    expect(supplier.requests).toHaveLength(1);
    expect(await orderRow()).toMatchObject({ dropshipmentStatus: "completed", dropshipmentReference: "LV-000001" });

    // An instance killed after the order was marked completed but before its job was: the job is
    // still 'running' and its lease has run out, so the next worker claims it.
    await database.db
      .update(jobs)
      .set({ status: "running", finishedAt: null, lockedUntil: sql`now() - interval '1 second'` })
      .where(thisJob);
    expect(await worker().runOnce()).toBe(1);
    expect(supplier.requests).toHaveLength(1);

    // The job put back in the queue (pending and due), as a requeue by hand would.
    await database.db
      .update(jobs)
      .set({ status: "pending", finishedAt: null, lockedUntil: null, runAt: sql`now()` })
      .where(thisJob);
    expect(await worker().runOnce()).toBe(1);
    expect(supplier.requests).toHaveLength(1);

    expect(await getDropshipmentJob(database.db, orderId)).toMatchObject({ status: "completed" });
    expect(await orderRow()).toMatchObject({ dropshipmentStatus: "completed", dropshipmentReference: "LV-000001" });
  });
});
