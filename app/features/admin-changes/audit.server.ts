import { and, desc, eq, lt } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { adminChanges } from "~/db/schema";

export type AdminActor = { id: string; email: string };

export type AdminChange = {
  /** What kind of thing changed: "order", "setting", "product", … */
  entityType: string;
  entityId: string;
  /** What was done, e.g. "status", "supplier-api-url". */
  action: string;
  before: unknown;
  after: unknown;
};

/** Records an admin's change; pass the transaction that makes the change, so the record exists exactly when it does. */
export async function recordAdminChange(tx: DbExecutor, actor: AdminActor, change: AdminChange): Promise<void> {
  await tx.insert(adminChanges).values({
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
    actorId: actor.id,
    actorEmail: actor.email,
  });
}

export type AdminChangeRow = typeof adminChanges.$inferSelect;

/** The newest changes first, of one item or of everything; `before` is the id to page on from. */
export async function listAdminChanges(
  db: Db,
  filter: { entityType?: string; entityId?: string; before?: number; limit?: number } = {},
): Promise<AdminChangeRow[]> {
  return db
    .select()
    .from(adminChanges)
    .where(
      and(
        filter.entityType ? eq(adminChanges.entityType, filter.entityType) : undefined,
        filter.entityId ? eq(adminChanges.entityId, filter.entityId) : undefined,
        filter.before ? lt(adminChanges.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(adminChanges.id))
    .limit(Math.min(filter.limit ?? 50, 200));
}
