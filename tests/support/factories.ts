import { eq, sql } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { productCategories, products, productTags, stock } from "../../app/db/schema";

let nextArtNo = 900_000;
let nextCategoryId = 5_000;

type CategoryInput = Partial<typeof productCategories.$inferInsert>;

export async function createCategory(db: Db, overrides: CategoryInput = {}) {
  const [row] = await db
    .insert(productCategories)
    .values({ id: nextCategoryId++, name: `Categorie ${nextCategoryId}`, level: 1, ...overrides })
    .returning();
  return row!;
}

type ProductInput = Partial<typeof products.$inferInsert> & {
  /** Stock quantity; null = unknown (no stock row). Default 20. */
  stockQuantity?: number | null;
  tags?: string[];
  /**
   * With a discounted price: first sell the product at its consumer price since 60 days ago, then
   * start the offer now, so the offer has an honest "was" price (the consumer price; see
   * docs/decisions/XXXX-honest-was-price.md). false: insert it on offer at once (no earlier price known).
   */
  offerHistory?: boolean;
};

/** A listed, sellable product unless the overrides say otherwise. */
export async function createProduct(db: Db, overrides: ProductInput = {}) {
  const { stockQuantity = 20, tags = [], offerHistory = true, ...fields } = overrides;
  const artNo = fields.artNo ?? nextArtNo++;
  const values = {
    artNo,
    brand: "Shimano",
    shortDescription: `Testproduct ${artNo}`,
    longDescriptionHtml: "<p>Beschrijving</p>",
    consumerPriceCents: 1995,
    status: 1,
    images: [],
    ...fields,
  };
  const { discountedPriceCents = null } = values;
  const row =
    offerHistory && discountedPriceCents != null && discountedPriceCents > 0
      ? await db.transaction(async (tx) => {
          // The price trigger dates changes from this transaction-local setting: the offer starts at
          // the caller's clock (a test's "days ago") or now, the consumer price 60 days before that.
          await tx.execute(
            sql`SELECT set_config('app.price_offer_clock', coalesce(nullif(current_setting('app.price_changed_at', true), '')::timestamptz, now())::text, true)`,
          );
          await tx.execute(
            sql`SELECT set_config('app.price_changed_at', (current_setting('app.price_offer_clock')::timestamptz - interval '60 days')::text, true)`,
          );
          await tx.insert(products).values({ ...values, discountedPriceCents: null });
          await tx.execute(
            sql`SELECT set_config('app.price_changed_at', current_setting('app.price_offer_clock'), true)`,
          );
          const [updated] = await tx
            .update(products)
            .set({ discountedPriceCents })
            .where(eq(products.artNo, artNo))
            .returning();
          return updated;
        })
      : (await db.insert(products).values(values).returning())[0];
  if (stockQuantity !== null) await db.insert(stock).values({ artNo, quantity: stockQuantity });
  if (tags.length) await db.insert(productTags).values(tags.map((tag) => ({ artNo, tag })));
  return row!;
}
