import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rebuildFilterValueCache } from "~/features/catalogue/index.server";
import { refreshSearchBlocks } from "~/features/search/index.server";
import type { Logger } from "~/shared/logging/logger.server";
import { hasProducts, insertContent, insertProducts, insertReferenceData } from "./catalogue.server";
import { insertDemoCoupons } from "./coupons.server";
import { createDemoAdmin } from "./demo-admin.server";
import { DEMO_PRODUCT_COUNT } from "./product-generator";
import { pointDemoImagesAtTestSupplier } from "./supplier-images.server";

/**
 * Creates the deterministic demo shop on first start: categories and filters, 640 products,
 * carousel, blog, quiz and settings, then the filter-value cache. Does nothing (returns null) as
 * soon as one product exists, so a real catalogue is never touched. All or nothing: one transaction.
 * `demoAdmin`: also create the demo admin (server.ts allows it except in production on PostgreSQL).
 * `supplierImages`: the shop's own test supplier then hosts some products' images (work for the
 * image migration tool; server.ts sets it while no real supplier is configured).
 */
export async function seedDemoIfEmpty(
  db: Db,
  logger: Logger,
  options: { demoAdmin?: boolean; supplierImages?: boolean } = {},
): Promise<null | Record<string, number>> {
  if (await hasProducts(db)) return null;
  const started = performance.now();
  const counts = await db.transaction(async (tx) => {
    // A second app instance starting at the same moment waits here instead of seeding twice.
    await tx.execute(sqlLock);
    if (await hasProducts(tx)) return null;
    const reference = await insertReferenceData(tx);
    const inserted = await insertProducts(tx, DEMO_PRODUCT_COUNT);
    const supplierImages = options.supplierImages ? await pointDemoImagesAtTestSupplier(tx) : 0;
    const content = await insertContent(tx);
    const filterValues = await rebuildFilterValueCache(tx);
    const coupons = await insertDemoCoupons(tx);
    if (options.demoAdmin) await createDemoAdmin(tx);
    return { ...reference, ...inserted, ...content, filterValues, ...coupons, supplierImages };
  });
  // After the commit: the refresh takes its own short transactions (and the demo's blocks are tiny).
  if (counts) await refreshSearchBlocks(db);
  if (counts) logger.debug({ ms: Math.round(performance.now() - started) }, "demo seed finished");
  return counts;
}

/** Transaction-scoped advisory lock; the key is an arbitrary constant for "demo seed". */
const sqlLock = sql`SELECT pg_advisory_xact_lock(20260101)`;
