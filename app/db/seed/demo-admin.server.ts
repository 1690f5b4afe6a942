import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import { accounts, users } from "~/db/schema";
import { createOrPromoteAdmin } from "~/features/admin-users/index.server";

/**
 * The embedded demo's admin, so someone trying the shop can open /admin at once. Its password is
 * public (printed at start, written here), so it must never exist on a real shop.
 */
export const DEMO_ADMIN_EMAIL = "beheerder@trapkracht.test";
export const DEMO_ADMIN_PASSWORD = "demo-beheer";

/** A production server on PostgreSQL is a real shop: no account with a published password there. */
export function demoAdminAllowed(config: Pick<Config, "env" | "databaseUrl">): boolean {
  return !(config.env === "production" && config.databaseUrl);
}

export async function createDemoAdmin(db: Db): Promise<void> {
  await createOrPromoteAdmin(db, { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD, name: "Demo-beheerder" });
}

/**
 * The demo admin's credentials while they still work: the account exists, is an active admin and
 * still has the demo password. Once someone changes or removes it, nothing is printed.
 */
export async function workingDemoAdminCredentials(db: Db): Promise<{ email: string; password: string } | null> {
  const [row] = await db
    .select({ role: users.role, isActive: users.isActive, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.email, DEMO_ADMIN_EMAIL))
    .limit(1);
  if (!row || row.role !== "admin" || !row.isActive || !row.hash) return null;
  const works = await verifyPassword({ hash: row.hash, password: DEMO_ADMIN_PASSWORD });
  return works ? { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD } : null;
}
