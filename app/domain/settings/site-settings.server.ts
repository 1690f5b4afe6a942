import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

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
 * new state). An upsert, so a database without its settings row still gets one.
 */
export async function setMaintenanceMode(db: Db, on: boolean): Promise<boolean> {
  const [row] = await db
    .insert(siteSettings)
    .values({ id: 1, maintenanceMode: on })
    .onConflictDoUpdate({ target: siteSettings.id, set: { maintenanceMode: on, updatedAt: new Date() } })
    .returning({ on: siteSettings.maintenanceMode });
  return row?.on ?? on;
}
