// TEMP stub of the fulfilment contract (issue 8): the dropship branch provides the real module; the lead drops this commit at merge.
import { eq } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { jobs, orders, type JobAttempt, type JobStatus } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/domain/admin/audit.server";

export type DropshipmentJob = {
  id: number;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  history: JobAttempt[];
  lastError: string | null;
  runAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
};

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
    .where(eq(jobs.singletonKey, `dropshipment:${orderId}`))
    .limit(1);
  return row ?? null;
}

export type RetryDropshipmentResult =
  { ok: true } | { ok: false; reason: "order-not-found" | "not-paid" | "not-failed" };

export async function retryDropshipment(db: Db, actor: AdminActor, orderId: string): Promise<RetryDropshipmentResult> {
  return db.transaction(async (tx): Promise<RetryDropshipmentResult> => {
    const [order] = await tx
      .select({ paymentStatus: orders.paymentStatus, dropshipmentStatus: orders.dropshipmentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) return { ok: false, reason: "order-not-found" };
    if (order.paymentStatus !== "paid") return { ok: false, reason: "not-paid" };
    if (order.dropshipmentStatus !== "failed") return { ok: false, reason: "not-failed" };
    await tx.update(orders).set({ dropshipmentStatus: "pending" }).where(eq(orders.id, orderId));
    await recordAdminChange(tx, actor, {
      entityType: "order",
      entityId: orderId,
      action: "retry-dropshipment",
      before: { dropshipmentStatus: order.dropshipmentStatus },
      after: { dropshipmentStatus: "pending" },
    });
    return { ok: true };
  });
}
