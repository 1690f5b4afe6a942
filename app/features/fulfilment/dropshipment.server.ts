import { and, eq, ne } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import { jobs, orderEvents, orders, type JobAttempt, type JobStatus, type SupplierAcceptedDetail } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import type { Backoff } from "~/shared/jobs/backoff";
import { enqueueJob, retryFailedJob } from "~/shared/jobs/queue.server";
import { PermanentJobError, type QueueDefinition } from "~/shared/jobs/worker.server";
import { enqueueMail } from "~/features/mail/index.server";
import { dropshipmentErrorMail } from "~/features/mail-templates/index.server";
import { loadOrderMailData, enqueueOrderStatusMail } from "~/features/shopper-orders/index.server";
import { statusOnSupplierAcceptance } from "~/features/orders";
import type { Logger } from "~/shared/logging/logger.server";
import {
  buildOrderMessage,
  CONTENT_TYPE,
  parseSupplierAnswer,
  SupplierMessageError,
  supplierOrderFrom,
} from "./supplier-message";
import {
  credentialsWithheldMessage,
  getSupplierConfig,
  sendSupplierRequest,
  SupplierRequestError,
} from "./supplier-settings.server";

/** The queue that places paid orders with the supplier (spec 2 §7.4 place-dropshipment-order). */
export const DROPSHIPMENT_QUEUE = "dropshipment";

declare module "~/shared/jobs/queue.server" {
  interface JobPayloads {
    dropshipment: { orderId: string };
  }
}
/** 6 attempts 30 s, 1, 2, 4, 8 min apart: about a quarter of an hour of supplier trouble before a person is asked. */
export const DROPSHIPMENT_MAX_ATTEMPTS = 6;
export const DROPSHIPMENT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 30 * 60_000 };

/** One job ever per order: the job's singleton key. */
export const dropshipmentKey = (orderId: string) => `dropshipment:${orderId}`;

/**
 * Queues the order for the supplier. Called inside the transaction that marks the order paid
 * (confirmPayment's single winner), so every paid order has exactly one such job and an unpaid order has none.
 */
export async function enqueueDropshipment(tx: DbExecutor, orderId: string): Promise<number | null> {
  return enqueueJob(
    tx,
    DROPSHIPMENT_QUEUE,
    { orderId },
    { singletonKey: dropshipmentKey(orderId), maxAttempts: DROPSHIPMENT_MAX_ATTEMPTS },
  );
}

export type DropshipmentDeps = {
  config: Config;
  logger: Logger;
  /** Tests shorten these; the defaults are DROPSHIPMENT_BACKOFF and twice the supplier timeout plus a minute. */
  backoff?: Backoff;
  leaseMs?: number;
};

function orderIdOf(payload: Record<string, unknown>): string {
  const orderId = payload.orderId;
  if (typeof orderId !== "string" || !/^[0-9a-f-]{36}$/i.test(orderId)) {
    throw new PermanentJobError("The job names no valid order id");
  }
  return orderId;
}

/** A cancelled order is not sent: the job ends, nobody is alerted. */
function cancelledBeforeSending(logger: Logger, orderId: string): void {
  logger.info({ orderId }, "dropshipment not sent: the order was cancelled");
}

/**
 * The dropshipment queue. An attempt reads the supplier settings (the admin's URL counts from the
 * next attempt), builds the message from the order as stored, marks it 'processing', sends it and
 * reads the answer: accepted or already known → 'completed' with the supplier's reference, and the
 * order 'shipped' (recordSupplierAcceptance); a rejection → failed at once; anything else → tried
 * again with backoff. Because the reference is the order id and "already known" counts as accepted,
 * an attempt repeated after a lost answer (timeout, crash, expired lease) never makes a second
 * supplier order.
 */
export function dropshipmentQueue(deps: DropshipmentDeps): QueueDefinition<typeof DROPSHIPMENT_QUEUE> {
  const { config } = deps;
  return {
    backoff: deps.backoff ?? DROPSHIPMENT_BACKOFF,
    leaseMs: deps.leaseMs ?? config.supplier.timeoutMs * 2 + 60_000,
    run: async (payload, { db, logger, signal }) => {
      const orderId = orderIdOf(payload);
      const [order] = await db
        .select({
          paymentStatus: orders.paymentStatus,
          dropshipmentStatus: orders.dropshipmentStatus,
          status: orders.status,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!order) throw new PermanentJobError("The order no longer exists");
      // An earlier attempt whose lease ran out may have finished after all.
      if (order.dropshipmentStatus === "completed") return;
      if (order.status === "cancelled") return cancelledBeforeSending(logger, orderId);
      if (order.paymentStatus !== "paid") {
        throw new PermanentJobError(`The order is not paid (payment status ${order.paymentStatus})`);
      }
      const supplier = await getSupplierConfig(db, config);
      // Without its credentials the supplier refuses the order; the admin's URL cannot take them elsewhere.
      if (supplier.credentialsWithheld) {
        throw new PermanentJobError(`${credentialsWithheldMessage(supplier, config)}: the order was not sent`);
      }
      const data = await loadOrderMailData(db, orderId);
      if (!data) throw new PermanentJobError("The order no longer exists");
      let message: string;
      try {
        message = buildOrderMessage(supplierOrderFrom(data, supplier));
      } catch (error) {
        if (error instanceof SupplierMessageError) throw new PermanentJobError(error.message);
        throw error;
      }
      // The admin may cancel the order (a retry waits minutes): it is sent only if it still stands now.
      const sending = await db
        .update(orders)
        .set({ dropshipmentStatus: "processing" })
        .where(and(eq(orders.id, orderId), ne(orders.dropshipmentStatus, "completed"), ne(orders.status, "cancelled")))
        .returning({ id: orders.id });
      if (!sending.length) {
        // No row: cancelled meanwhile, or completed by an attempt that overlapped this one, which
        // sends all the same (the supplier knows the reference; the acceptance's lock ships once).
        const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
        if (now?.status === "cancelled") return cancelledBeforeSending(logger, orderId);
      }

      let response;
      try {
        response = await sendSupplierRequest({
          url: supplier.url,
          policy: config.outbound,
          method: "POST",
          headers: { "content-type": CONTENT_TYPE, accept: "application/xml, text/xml" },
          body: message,
          timeoutMs: supplier.timeoutMs,
          signal,
        });
      } catch (error) {
        // Only the error's own words: never the message, which carries the credentials.
        if (error instanceof SupplierRequestError) throw new Error(error.message);
        throw error;
      }
      const answer = parseSupplierAnswer(response.status, response.body, orderId);
      if (answer.kind === "rejected") {
        throw new PermanentJobError(`Supplier rejected the order: ${answer.reason} (${answer.code})`);
      }
      if (answer.kind === "error") throw new Error(answer.reason);
      const accepted = await recordSupplierAcceptance(db, config, orderId, answer);
      logger.info(
        {
          orderId,
          supplierReference: answer.supplierReference,
          alreadyKnown: answer.alreadyKnown,
          durationMs: response.durationMs,
          testSupplier: supplier.isTestSupplier,
          statusFrom: accepted?.statusFrom,
          statusTo: accepted?.statusTo,
          recordedBefore: accepted === null,
        },
        "order placed with the supplier",
      );
    },
    // In the transaction that fails the job: the order's dropshipment is failed exactly when the job
    // is, and the shop's inbox hears of it once. Order status and payment are never touched.
    onFailed: async (tx, job, error) => {
      const orderId = typeof job.payload.orderId === "string" ? job.payload.orderId : null;
      if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return;
      const failed = await tx
        .update(orders)
        .set({ dropshipmentStatus: "failed" })
        .where(and(eq(orders.id, orderId), ne(orders.dropshipmentStatus, "completed")))
        .returning({ id: orders.id });
      if (!failed.length) return;
      try {
        await tx.transaction(async (savepoint) => {
          const data = await loadOrderMailData(savepoint, orderId);
          if (!data) return;
          const mail = dropshipmentErrorMail(data, { error, attempts: job.attempts, publicUrl: config.publicUrl });
          await enqueueMail(savepoint, { kind: "dropshipment-error", to: config.shopEmail, orderId, ...mail });
        });
      } catch (mailError) {
        // Spec 2 §7.5: a notification that cannot be queued is logged; the failure itself stands.
        deps.logger.error({ err: mailError, orderId }, "dropshipment failure notification could not be queued");
      }
    },
  };
}

/**
 * The supplier's yes, in one transaction under the order's row lock: the dropshipment becomes
 * 'completed' with the supplier's reference, a paid order still in the shop's hands becomes 'shipped'
 * with the shopper's mail (ADR 0029), and an order_events row records both. Only the first acceptance does anything: an
 * attempt repeated after a lost lease finds the dropshipment completed and returns null, so the
 * status moves and the mail is queued exactly once.
 */
async function recordSupplierAcceptance(
  db: Db,
  config: Config,
  orderId: string,
  answer: { supplierReference: string; alreadyKnown: boolean },
): Promise<SupplierAcceptedDetail | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, dropshipmentStatus: orders.dropshipmentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order || order.dropshipmentStatus === "completed") return null;
    const moveTo = statusOnSupplierAcceptance(order.status);
    await tx
      .update(orders)
      .set({
        dropshipmentStatus: "completed",
        dropshipmentReference: answer.supplierReference,
        ...(moveTo ? { status: moveTo } : {}),
      })
      .where(eq(orders.id, orderId));
    const detail: SupplierAcceptedDetail = {
      supplierReference: answer.supplierReference,
      alreadyKnown: answer.alreadyKnown,
      statusFrom: order.status,
      statusTo: moveTo ?? order.status,
    };
    await tx.insert(orderEvents).values({ orderId, kind: "supplier-accepted", detail });
    if (moveTo) await enqueueOrderStatusMail(tx, config, orderId, moveTo, null, { supplierAccepted: true });
    return detail;
  });
}

export type DropshipmentJob = {
  id: number;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  /** Every attempt with its start, end and error (null when it succeeded), oldest first. */
  history: JobAttempt[];
  lastError: string | null;
  /** When a pending job is next tried. */
  runAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
};

/** The order's dropshipment job (for the admin's Details dialog), or null when it has none. */
export async function getDropshipmentJob(db: DbExecutor, orderId: string): Promise<DropshipmentJob | null> {
  const [row] = await db
    .select({
      id: jobs.id,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      history: jobs.history,
      lastError: jobs.lastError,
      runAt: jobs.runAt,
      createdAt: jobs.createdAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.singletonKey, dropshipmentKey(orderId)))
    .limit(1);
  return row ?? null;
}

export type RetryDropshipmentResult =
  { ok: true } | { ok: false; reason: "order-not-found" | "not-paid" | "not-failed" };

/**
 * The admin's "retry now" for a failed dropshipment: the job gets a fresh round of attempts, the
 * order's dropshipment is 'pending' again, and the change is recorded with who did it. A paid order
 * that never had a job (paid before the queue existed) gets one. Refused for an order that is not
 * paid or whose dropshipment has not failed.
 */
export async function retryDropshipment(db: Db, actor: AdminActor, orderId: string): Promise<RetryDropshipmentResult> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return { ok: false, reason: "order-not-found" };
  return db.transaction(async (tx): Promise<RetryDropshipmentResult> => {
    const [order] = await tx
      .select({ paymentStatus: orders.paymentStatus, dropshipmentStatus: orders.dropshipmentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) return { ok: false, reason: "order-not-found" };
    if (order.paymentStatus !== "paid") return { ok: false, reason: "not-paid" };
    if (order.dropshipmentStatus === "completed") return { ok: false, reason: "not-failed" };
    const job = await getDropshipmentJob(tx, orderId);
    if (job) {
      if (job.status !== "failed" || !(await retryFailedJob(tx, job.id))) return { ok: false, reason: "not-failed" };
    } else {
      await enqueueDropshipment(tx, orderId);
    }
    await tx.update(orders).set({ dropshipmentStatus: "pending" }).where(eq(orders.id, orderId));
    await recordAdminChange(tx, actor, {
      entityType: "order",
      entityId: orderId,
      action: "retry-dropshipment",
      before: {
        dropshipmentStatus: order.dropshipmentStatus,
        attempts: job?.attempts ?? 0,
        lastError: job?.lastError ?? null,
      },
      after: { dropshipmentStatus: "pending" },
    });
    return { ok: true };
  });
}
