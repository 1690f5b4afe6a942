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
};

/** A listed, sellable product unless the overrides say otherwise. */
export async function createProduct(db: Db, overrides: ProductInput = {}) {
  const { stockQuantity = 20, tags = [], ...fields } = overrides;
  const artNo = fields.artNo ?? nextArtNo++;
  const [row] = await db
    .insert(products)
    .values({
      artNo,
      brand: "Shimano",
      shortDescription: `Testproduct ${artNo}`,
      longDescriptionHtml: "<p>Beschrijving</p>",
      consumerPriceCents: 1995,
      status: 1,
      images: [],
      ...fields,
    })
    .returning();
  if (stockQuantity !== null) await db.insert(stock).values({ artNo, quantity: stockQuantity });
  if (tags.length) await db.insert(productTags).values(tags.map((tag) => ({ artNo, tag })));
  return row!;
}
