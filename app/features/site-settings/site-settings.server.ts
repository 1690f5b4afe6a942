import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";

/** The customer-service address shoppers see: the admin's setting when made, else SHOP_EMAIL. */
export async function getCustomerServiceEmail(db: Db, fallback: string): Promise<string> {
  const [row] = await db
    .select({ email: siteSettings.customerServiceEmail })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row?.email || fallback;
}

/**
 * Read on every request (no in-process cache), so switching it takes effect at once on every app
 * instance sharing the database. A failing lookup counts as "off" (spec 2 §7.5) and is logged by the caller.
 */
export async function isMaintenanceMode(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ on: siteSettings.maintenanceMode })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row?.on ?? false;
}

/**
 * Switches maintenance mode and returns the state now stored (spec 2 §4: the switch answers with the
 * new state). An upsert, so a database without its settings row still gets one. With an actor (the
 * admin's switch) the change is recorded in admin_changes, before and after, in the same transaction;
 * without one (tests, scripts) it is not an admin change.
 */
export async function setMaintenanceMode(db: Db, on: boolean, actor?: AdminActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ on: siteSettings.maintenanceMode })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update")
      .limit(1);
    const [row] = await tx
      .insert(siteSettings)
      .values({ id: 1, maintenanceMode: on })
      .onConflictDoUpdate({ target: siteSettings.id, set: { maintenanceMode: on, updatedAt: new Date() } })
      .returning({ on: siteSettings.maintenanceMode });
    const after = row?.on ?? on;
    if (actor) {
      await recordAdminChange(tx, actor, {
        entityType: "setting",
        entityId: "maintenance-mode",
        action: "update",
        before: { maintenanceMode: before?.on ?? false },
        after: { maintenanceMode: after },
      });
    }
    return after;
  });
}
