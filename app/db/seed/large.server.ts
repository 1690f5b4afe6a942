/**
 * `npm run db:seed`: builds a catalogue of any size (the demo size by default, 100 000 for
 * benchmarks) from the same generator, so a big catalogue has the demo's categories and
 * attribute distributions, with a few thousand products per leaf category.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rebuildFilterValueCache } from "~/features/catalogue/index.server";
import { refreshSearchBlocks, resetSearchBlocks } from "~/features/search/index.server";
import { hasProducts, insertContent, insertProducts, insertReferenceData } from "./catalogue.server";
import { DEMO_SEED } from "./product-generator";

export type SeedCatalogueOptions = {
  products: number;
  /** Empty the catalogue tables first (products, stock, tags, categories, filters and the cache; CASCADE also empties rows that reference them). */
  reset?: boolean;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
};

export class CatalogueNotEmptyError extends Error {}

export async function seedCatalogue(db: Db, options: SeedCatalogueOptions): Promise<Record<string, number>> {
  if (options.reset) {
    await db.execute(
      sql`TRUNCATE product_tags, stock, filter_values_cache, category_filters, products, product_categories, filter_types CASCADE`,
    );
    await resetSearchBlocks(db);
  } else if (await hasProducts(db)) {
    throw new CatalogueNotEmptyError("Er staan al producten in de database; gebruik --reset om opnieuw te beginnen.");
  }
  const reference = await db.transaction((tx) => insertReferenceData(tx));
  // One transaction per batch of 1000: a huge catalogue does not hold one enormous transaction open.
  const inserted = await insertProducts(db, options.products, {
    seed: options.seed ?? DEMO_SEED,
    transactionPerBatch: true,
    onProgress: options.onProgress,
  });
  const content = await db.transaction((tx) => insertContent(tx));
  const filterValues = await rebuildFilterValueCache(db);
  await refreshSearchBlocks(db);
  // Fresh statistics so the planner uses the partial indexes right away, and a vacuum so every page
  // is marked all-visible: without that the covering indexes cannot answer listings and search
  // suggestions on their own (index-only scans visit the heap for every row of a page not marked).
  // Autovacuum would get there eventually, but a freshly seeded catalogue would be slow until then.
  await db.execute(sql`VACUUM (ANALYZE)`);
  return { ...reference, ...inserted, ...content, filterValues };
}
