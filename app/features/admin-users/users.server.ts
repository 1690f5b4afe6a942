import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { customers, sessions, users, type UserRole } from "~/db/schema";
import { escapeLike } from "~/features/search/index.server";

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

export const USER_SEARCH_MAX_LENGTH = 100;

/** Any part of the e-mail address, the account's name or the name on one of its customer records. */
function userSearch(q: string): SQL | undefined {
  const term = q.trim().toLowerCase();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return sql`(lower(${users.email}) like ${pattern} or lower(${users.name}) like ${pattern} or exists (
    select 1 from ${customers} c
    where c.user_id = ${users}.id and lower(c.first_name || ' ' || c.last_name) like ${pattern}))`;
}

/** Newest first, 50 a page, optionally only those matching a search; a page past the end shows the last page. */
export async function listUsers(db: Db, { page, q = "" }: { page: number; q?: string }): Promise<UserPage> {
  const where = userSearch(q);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
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
    .where(where)
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

/** A user's e-mail and role by id, or null (for the confirmation question before a role change). */
export async function findUserForRole(db: Db, userId: string): Promise<{ email: string; role: UserRole } | null> {
  const [row] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { email: row.email, role: row.role === "admin" ? "admin" : "customer" } : null;
}

/**
 * Locks the rows of every active admin, in id order (so two such transactions queue instead of
 * deadlocking), and returns their ids. A second transaction that waited here re-reads the rows the
 * first one changed: an admin it demoted or deactivated is no longer among them. So two admins
 * demoting each other at the same moment cannot both succeed and leave the shop without one.
 */
async function lockActiveAdmins(tx: DbExecutor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((row) => row.id);
}

/** True when taking `userId`'s admin rights (role or activity) would leave no active admin. */
async function isLastActiveAdmin(tx: DbExecutor, userId: string): Promise<boolean> {
  const admins = await lockActiveAdmins(tx);
  return admins.length === 1 && admins[0] === userId;
}

export type SetUserActiveResult =
  | { ok: true; user: { id: string; email: string; isActive: boolean } }
  | { ok: false; reason: "self" | "not-found" | "last-admin" };

/**
 * Deactivates or reactivates a user (spec 1 §4 "User role record"). Deactivating also deletes all
 * of the user's sessions in the same transaction, so they are signed out on their very next request;
 * the session hook then refuses new sign-ins. An admin cannot deactivate themselves, and the last
 * active admin cannot be deactivated. The change is recorded in admin_changes (who, before, after)
 * in the same transaction.
 */
export async function setUserActive(
  db: Db,
  actor: AdminActor,
  { userId, active }: { userId: string; active: boolean },
): Promise<SetUserActiveResult> {
  if (!active && userId === actor.id) return { ok: false, reason: "self" };
  return db.transaction(async (tx) => {
    if (!active && (await isLastActiveAdmin(tx, userId))) return { ok: false, reason: "last-admin" } as const;
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

export type SetUserRoleResult =
  | { ok: true; changed: boolean; user: { id: string; email: string; role: UserRole } }
  | { ok: false; reason: "not-found" | "last-admin" };

/**
 * Makes a user an admin or a customer. Demoting checks, under the lock of every active admin's row,
 * that another active admin remains (an admin may demote themselves while one does). The role is read
 * from the user row on every request (better-auth without a cookie cache: requireAdmin), so a demoted
 * admin's open sessions lose the admin dashboard on their very next request; they stay signed in as a
 * customer. Recorded in admin_changes in the same transaction; setting the role a user has changes
 * and records nothing.
 */
export async function setUserRole(
  db: Db,
  actor: AdminActor,
  { userId, role }: { userId: string; role: UserRole },
): Promise<SetUserRoleResult> {
  return db.transaction(async (tx) => {
    if (role === "customer" && (await isLastActiveAdmin(tx, userId)))
      return { ok: false, reason: "last-admin" } as const;
    const [before] = await tx
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for("update")
      .limit(1);
    if (!before) return { ok: false, reason: "not-found" } as const;
    if (before.role === role)
      return { ok: true, changed: false, user: { id: userId, email: before.email, role } } as const;
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAdminChange(tx, actor, {
      entityType: "user",
      entityId: userId,
      action: "role",
      before: { email: before.email, role: before.role },
      after: { email: before.email, role },
    });
    return { ok: true, changed: true, user: { id: userId, email: before.email, role } } as const;
  });
}
