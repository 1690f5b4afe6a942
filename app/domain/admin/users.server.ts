import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recordAdminChange, type AdminActor } from "~/domain/admin/audit.server";
import { customers, sessions, users, type UserRole } from "~/db/schema";

export const USERS_PAGE_SIZE = 50;

/** One row of the admin's user list (spec 1 §3 user_management_view). */
export type AdminUserRow = {
  id: string;
  email: string;
  /** users.name, else the name on the user's newest customer record, else null. */
  name: string | null;
  role: UserRole;
  isActive: boolean;
  createdAt: Date;
};

export type UserPage = {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** Newest first, 50 a page; a page past the end shows the last page. */
export async function listUsers(db: Db, { page }: { page: number }): Promise<UserPage> {
  const [counted] = await db.select({ total: count() }).from(users);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  // The customer's name fills in for accounts that never set one (e-mail sign-ups have an empty name).
  // Qualified by hand: drizzle leaves columns of a one-table select unqualified, which would make
  // "id" inside the subquery mean customers.id.
  const customerName = sql<string | null>`(
    select nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '')
    from ${customers} c
    where c.user_id = ${users}.id
    order by c.updated_at desc
    limit 1
  )`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      userName: users.name,
      customerName,
      role: users.role,
      isActive: users.isActive,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((current - 1) * USERS_PAGE_SIZE);
  return {
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.userName.trim() || row.customerName || null,
      role: row.role === "admin" ? "admin" : "customer",
      isActive: row.isActive,
      createdAt: new Date(row.createdAt),
    })),
    total,
    page: current,
    pageCount,
  };
}

/** A user's e-mail by id, or null (for the confirmation question before deactivating). */
export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

export type SetUserActiveResult =
  { ok: true; user: { id: string; email: string; isActive: boolean } } | { ok: false; reason: "self" | "not-found" };

/**
 * Deactivates or reactivates a user (spec 1 §4 "User role record"). Deactivating also deletes all
 * of the user's sessions in the same transaction, so they are signed out on their very next request;
 * the session hook then refuses new sign-ins. An admin cannot deactivate themselves. The change is
 * recorded in admin_changes (who, before, after) in the same transaction.
 */
export async function setUserActive(
  db: Db,
  actor: AdminActor,
  { userId, active }: { userId: string; active: boolean },
): Promise<SetUserActiveResult> {
  if (!active && userId === actor.id) return { ok: false, reason: "self" };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId))
      .for("update")
      .limit(1);
    if (!before) return { ok: false, reason: "not-found" } as const;
    const [user] = await tx
      .update(users)
      .set({ isActive: active, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email, isActive: users.isActive });
    if (!user) return { ok: false, reason: "not-found" } as const;
    let sessionsEnded = 0;
    if (!active) {
      const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
      sessionsEnded = ended.length;
    }
    await recordAdminChange(tx, actor, {
      entityType: "user",
      entityId: userId,
      action: active ? "reactivate" : "deactivate",
      before: { email: user.email, isActive: before.isActive },
      after: active ? { email: user.email, isActive: true } : { email: user.email, isActive: false, sessionsEnded },
    });
    return { ok: true, user } as const;
  });
}
