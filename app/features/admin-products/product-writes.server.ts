import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { adminChanges, productCategories, products, productTags, stock, type NutritionRow } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { rebuildFilterValueCache } from "~/features/catalogue/index.server";

/**
 * Product Management's single-product writes beyond the edit form (ADR 0034): "Set active" (also the
 * undo of "Set inactive"), delete with a before-image complete enough to put the product back, and
 * that restore (the undo of delete). Each runs in one transaction with its change record.
 */
export type ProductWriteOutcome =
  | { ok: true; artNo: number; changeId: number | null; categories: number[] }
  | { ok: false; reason: "not-found" | "invalid"; message: string };

const NOT_FOUND = { ok: false, reason: "not-found", message: "Product not found" } as const;

/** The categories a write touched are rebuilt in the facet cache (as the edit form does). */
export async function refreshFacets(db: Db, categories: readonly (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(categories.filter((id): id is number => typeof id === "number"))];
  if (ids.length) await rebuildFilterValueCache(db, ids);
}

async function lockedStatus(tx: DbExecutor, artNo: number) {
  const [row] = await tx
    .select({ status: products.status, categoryId: products.categoryId, shortDescription: products.shortDescription })
    .from(products)
    .where(eq(products.artNo, artNo))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** Status 1 again (the shop lists it once it has brand, price and description). */
export async function setProductActive(db: Db, actor: AdminActor, artNo: number): Promise<ProductWriteOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ProductWriteOutcome> => {
    const before = await lockedStatus(tx, artNo);
    if (!before) return NOT_FOUND;
    await tx.update(products).set({ status: 1, updatedAt: new Date() }).where(eq(products.artNo, artNo));
    await recordAdminChange(tx, actor, {
      entityType: "product",
      entityId: String(artNo),
      action: "set-active",
      before: { status: before.status },
      after: { status: 1 },
    });
    return { ok: true, artNo, changeId: null, categories: before.categoryId == null ? [] : [before.categoryId] };
  });
  if (outcome.ok) await refreshFacets(db, outcome.categories);
  return outcome;
}

/**
 * What a delete records as `before`: the product's own columns as stored (not the generated ones,
 * nor the offer's reference price, which the price trigger works out again), its stock row and tags.
 * The edit dialog's fields keep their names, so the change log reads as before; restore reads it.
 */
type DeletedImage = {
  artNo: number;
  brand: string | null;
  shortDescription: string | null;
  longDescriptionHtml: string | null;
  consumerPriceCents: number | null;
  discountedPriceCents: number | null;
  categoryId: number | null;
  status: number;
  images: string[];
  articleKeyword: string | null;
  colour: string | null;
  material: string | null;
  size: string | null;
  type: string | null;
  vatRate: number;
  ingredients: string | null;
  allergens: string | null;
  nutrition: NutritionRow[] | null;
  createdAt: string;
  stockQuantity: number | null;
  /** Whether the product had a stock row at all (null quantity and no row both read "unknown"). */
  stockRow: boolean;
  stockStatus: string | null;
  tags: string[];
};

/**
 * Deletes the product with its stock row and tags (cascade; back-in-stock requests go too). Orders
 * keep their own copy of name and price. The change record's `before` is the whole product
 * (DeletedImage), so "Undo" can put it back (restoreProduct).
 */
export async function deleteProduct(db: Db, actor: AdminActor, artNo: number): Promise<ProductWriteOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ProductWriteOutcome> => {
    const [row] = await tx.select().from(products).where(eq(products.artNo, artNo)).for("update").limit(1);
    if (!row) return NOT_FOUND;
    const [stockRow] = await tx.select().from(stock).where(eq(stock.artNo, artNo)).limit(1);
    const tags = await tx
      .select({ tag: productTags.tag })
      .from(productTags)
      .where(eq(productTags.artNo, artNo))
      .orderBy(asc(productTags.tag));
    const image: DeletedImage = {
      artNo: row.artNo,
      brand: row.brand,
      shortDescription: row.shortDescription,
      longDescriptionHtml: row.longDescriptionHtml,
      consumerPriceCents: row.consumerPriceCents,
      discountedPriceCents: row.discountedPriceCents,
      categoryId: row.categoryId,
      status: row.status,
      images: row.images,
      articleKeyword: row.articleKeyword,
      colour: row.colour,
      material: row.material,
      size: row.size,
      type: row.type,
      vatRate: row.vatRate,
      ingredients: row.ingredients,
      allergens: row.allergens,
      nutrition: row.nutrition ?? null,
      createdAt: row.createdAt.toISOString(),
      stockQuantity: stockRow?.quantity ?? null,
      stockRow: stockRow != null,
      stockStatus: stockRow?.status ?? null,
      tags: tags.map((t) => t.tag),
    };
    await tx.delete(products).where(eq(products.artNo, artNo));
    const [change] = await tx
      .insert(adminChanges)
      .values({
        entityType: "product",
        entityId: String(artNo),
        action: "delete",
        before: image,
        after: null,
        actorId: actor.id,
        actorEmail: actor.email,
      })
      .returning({ id: adminChanges.id });
    return { ok: true, artNo, changeId: change!.id, categories: row.categoryId == null ? [] : [row.categoryId] };
  });
  if (outcome.ok) await refreshFacets(db, outcome.categories);
  return outcome;
}

const text = (value: unknown) => (typeof value === "string" ? value : null);
const int = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);

/**
 * Puts a deleted product back from its delete's change record (the undo of delete): the product, its
 * stock row and tags as they were. Refused when the record is not a product's delete, when its ArtNo
 * exists again (re-imported or restored already), or when the image lacks what a product needs. A
 * category deleted meanwhile leaves the product without one. The price trigger records its price
 * again from now; an offer it had starts anew, with the 30-day "was" price worked out as for any
 * offer (ADR 0013).
 */
export async function restoreProduct(db: Db, actor: AdminActor, changeId: number): Promise<ProductWriteOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ProductWriteOutcome> => {
    const [change] = await tx
      .select()
      .from(adminChanges)
      .where(
        and(eq(adminChanges.id, changeId), eq(adminChanges.entityType, "product"), eq(adminChanges.action, "delete")),
      )
      .limit(1);
    const image = (change?.before ?? null) as Partial<DeletedImage> | null;
    const artNo = int(image?.artNo);
    if (!change || !image || artNo == null) {
      return { ok: false, reason: "not-found", message: "There is no deleted product to restore." };
    }
    // Two undos at once: the second waits here for the first's insert, then finds the product.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('product-restore'), ${artNo})`);
    const [exists] = await tx
      .select({ artNo: products.artNo })
      .from(products)
      .where(eq(products.artNo, artNo))
      .limit(1);
    if (exists) return { ok: false, reason: "invalid", message: `A product with ArtNo ${artNo} exists already.` };
    let categoryId = int(image.categoryId);
    if (categoryId != null) {
      const [category] = await tx
        .select({ id: productCategories.id })
        .from(productCategories)
        .where(eq(productCategories.id, categoryId))
        .limit(1);
      if (!category) categoryId = null;
    }
    await tx.execute(sql`SELECT set_config('app.price_source', 'admin', true)`);
    await tx.insert(products).values({
      artNo,
      brand: text(image.brand),
      shortDescription: text(image.shortDescription),
      longDescriptionHtml: text(image.longDescriptionHtml),
      consumerPriceCents: int(image.consumerPriceCents),
      discountedPriceCents: int(image.discountedPriceCents),
      categoryId,
      status: int(image.status) ?? 0,
      images: Array.isArray(image.images) ? image.images.filter((i): i is string => typeof i === "string") : [],
      articleKeyword: text(image.articleKeyword),
      colour: text(image.colour),
      material: text(image.material),
      size: text(image.size),
      type: text(image.type),
      vatRate: int(image.vatRate) ?? 21,
      ingredients: text(image.ingredients),
      allergens: text(image.allergens),
      nutrition: Array.isArray(image.nutrition) ? image.nutrition : null,
      ...(text(image.createdAt) ? { createdAt: new Date(image.createdAt!) } : {}),
    });
    // Older delete records (before ADR 0034) have the quantity but not stockRow: a quantity means a row.
    if (image.stockRow === true || int(image.stockQuantity) != null) {
      await tx.insert(stock).values({ artNo, quantity: int(image.stockQuantity), status: text(image.stockStatus) });
    }
    const tags = Array.isArray(image.tags)
      ? [...new Set(image.tags.filter((t): t is string => typeof t === "string"))]
      : [];
    if (tags.length) await tx.insert(productTags).values(tags.map((tag) => ({ artNo, tag })));
    await recordAdminChange(tx, actor, {
      entityType: "product",
      entityId: String(artNo),
      action: "restore",
      before: null,
      after: { shortDescription: text(image.shortDescription), restoredFromChange: changeId },
    });
    return { ok: true, artNo, changeId: null, categories: categoryId == null ? [] : [categoryId] };
  });
  if (outcome.ok) await refreshFacets(db, outcome.categories);
  return outcome;
}
