import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { productCategories, products, productTags, stock } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { rebuildFilterValueCache, sanitizeSupplierHtml } from "~/features/catalogue/index.server";
import type { ProductEdit } from "./product-input";
import type { AdminProductDetail, AdminProductPage } from "./product-types";

export type { AdminProductDetail, AdminProductPage, AdminProductRow } from "./product-types";

export const ADMIN_PAGE_SIZE = 50;

const MAX_ART_NO = 2_147_483_647;

/**
 * A digit term matches ArtNo exactly or as a prefix: "123" is 123, 1230–1239, 12300–12399, … — each
 * a range on the primary key, so the search stays an index range scan at any catalogue size.
 */
function artNoPrefix(term: string): SQL | undefined {
  const digits = term.replace(/^0+(?=\d)/, "");
  if (!/^\d{1,10}$/.test(digits)) return undefined;
  const ranges: SQL[] = [];
  let low = Number(digits);
  let high = low;
  while (low <= MAX_ART_NO) {
    ranges.push(sql`${products.artNo} BETWEEN ${low} AND ${Math.min(high, MAX_ART_NO)}`);
    if (low === 0) break;
    low *= 10;
    high = high * 10 + 9;
  }
  return or(...ranges);
}

/** The search box's condition on `products` (also Product Management's filters, app/features/admin-products). */
export function searchCondition(term: string): SQL | undefined {
  if (term === "") return undefined;
  if (/^\d+$/.test(term)) return artNoPrefix(term) ?? sql`false`;
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The trigram indexes are on the narrow product_search, which holds every product (ADR 0022).
  return sql`${products.artNo} IN (
    SELECT art_no FROM product_search WHERE sort_key LIKE ${pattern}
    UNION SELECT art_no FROM product_search WHERE lower(brand) LIKE ${pattern})`;
}

/**
 * One page of the admin table: every product (active or not, listed or not) in ArtNo order, 50 a page.
 * Paged by seeking on the primary key — `after` (next page) or `before` (previous page) is an ArtNo
 * from the URL — so page 20 000 costs what page 1 costs; OFFSET would read and drop every row before it.
 */
export async function searchAdminProducts(
  db: DbExecutor,
  options: { search: string; after?: number | null; before?: number | null },
): Promise<AdminProductPage> {
  const backwards = options.before != null && options.after == null;
  const cursor = backwards
    ? lt(products.artNo, options.before!)
    : options.after != null
      ? gt(products.artNo, options.after)
      : undefined;
  const rows = await db
    .select({
      artNo: products.artNo,
      brand: products.brand,
      shortDescription: products.shortDescription,
      categoryId: products.categoryId,
      categoryName: productCategories.name,
      consumerPriceCents: products.consumerPriceCents,
      discountedPriceCents: products.discountedPriceCents,
      status: products.status,
      isListed: products.isListed,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(searchCondition(options.search), cursor))
    .orderBy(backwards ? desc(products.artNo) : asc(products.artNo))
    .limit(ADMIN_PAGE_SIZE + 1);
  const more = rows.length > ADMIN_PAGE_SIZE;
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  if (backwards) page.reverse();
  const first = page[0]?.artNo ?? null;
  const last = page.at(-1)?.artNo ?? null;
  return {
    rows: page,
    nextAfter: backwards ? last : more ? last : null,
    prevBefore: backwards ? (more ? first : null) : options.after != null ? first : null,
  };
}

const DETAIL_COLUMNS = {
  artNo: products.artNo,
  brand: products.brand,
  shortDescription: products.shortDescription,
  longDescriptionHtml: products.longDescriptionHtml,
  categoryId: products.categoryId,
  consumerPriceCents: products.consumerPriceCents,
  discountedPriceCents: products.discountedPriceCents,
  vatRate: products.vatRate,
  status: products.status,
  stockQuantity: stock.quantity,
  images: products.images,
  colour: products.colour,
  material: products.material,
  size: products.size,
  type: products.type,
  articleKeyword: products.articleKeyword,
};

export async function getAdminProduct(db: DbExecutor, artNo: number): Promise<AdminProductDetail | null> {
  const [row] = await db
    .select(DETAIL_COLUMNS)
    .from(products)
    .leftJoin(stock, eq(stock.artNo, products.artNo))
    .where(eq(products.artNo, artNo))
    .limit(1);
  if (!row) return null;
  const tags = await db
    .select({ tag: productTags.tag })
    .from(productTags)
    .where(eq(productTags.artNo, artNo))
    .orderBy(asc(productTags.tag));
  return { ...row, tags: tags.map((t) => t.tag) };
}

/** Every category as "Parent › Child" for the dialog's select, in name order. */
export async function listCategoryChoices(db: DbExecutor): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: productCategories.id, name: productCategories.name, parentId: productCategories.parentId })
    .from(productCategories);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const label = (id: number): string => {
    const parts: string[] = [];
    const seen = new Set<number>();
    let current = byId.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      parts.unshift(current.name);
      current = current.parentId == null ? undefined : byId.get(current.parentId);
    }
    return parts.join(" › ");
  };
  return rows.map((row) => ({ id: row.id, name: label(row.id) })).sort((a, b) => a.name.localeCompare(b.name, "nl"));
}

export type ProductWriteResult =
  { ok: true; categories: number[] } | { ok: false; reason: "not-found" | "invalid"; message: string };

const NOT_FOUND = { ok: false, reason: "not-found", message: "Product not found" } as const;

/** Locks and reads the product as the audit record's "before" (null when it does not exist). */
async function lockProduct(tx: DbExecutor, artNo: number) {
  const [row] = await tx
    .select(DETAIL_COLUMNS)
    .from(products)
    .leftJoin(stock, eq(stock.artNo, products.artNo))
    .where(eq(products.artNo, artNo))
    .for("update", { of: products })
    .limit(1);
  return row ?? null;
}

/**
 * The storefront reads the database on every request (listing, product page, suggestions through the
 * trigger-kept product_search, sitemap, nav categories); only filter_values_cache is a stored summary,
 * so the categories a write touched (old and new) are rebuilt right after it.
 */
async function refreshFacets(db: Db, categories: (number | null | undefined)[]) {
  const ids = [...new Set(categories.filter((id): id is number => typeof id === "number"))];
  if (ids.length) await rebuildFilterValueCache(db, ids);
  return ids;
}

export async function updateProduct(
  db: Db,
  actor: AdminActor,
  artNo: number,
  edit: ProductEdit,
): Promise<ProductWriteResult> {
  const result = await db.transaction(async (tx): Promise<ProductWriteResult> => {
    const before = await lockProduct(tx, artNo);
    if (!before) return NOT_FOUND;
    const [category] = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.id, edit.categoryId))
      .limit(1);
    if (!category) return { ok: false, reason: "invalid", message: "Please select a valid category." };
    const { stockQuantity, ...fields } = edit;
    // The price-history trigger on products records a price change with its source (this transaction only).
    await tx.execute(sql`SELECT set_config('app.price_source', 'admin', true)`);
    await tx
      .update(products)
      .set({
        ...fields,
        longDescriptionHtml:
          fields.longDescriptionHtml == null ? null : sanitizeSupplierHtml(fields.longDescriptionHtml),
        updatedAt: new Date(),
      })
      .where(eq(products.artNo, artNo));
    if (stockQuantity !== before.stockQuantity) {
      await tx
        .insert(stock)
        .values({ artNo, quantity: stockQuantity })
        .onConflictDoUpdate({ target: stock.artNo, set: { quantity: stockQuantity, updatedAt: new Date() } });
    }
    const after = await lockProduct(tx, artNo);
    await recordAdminChange(tx, actor, {
      entityType: "product",
      entityId: String(artNo),
      action: "update",
      before,
      after,
    });
    return { ok: true, categories: [before.categoryId, edit.categoryId].filter((id): id is number => id != null) };
  });
  if (result.ok) result.categories = await refreshFacets(db, result.categories);
  return result;
}

export async function setProductInactive(db: Db, actor: AdminActor, artNo: number): Promise<ProductWriteResult> {
  const result = await db.transaction(async (tx): Promise<ProductWriteResult> => {
    const before = await lockProduct(tx, artNo);
    if (!before) return NOT_FOUND;
    await tx.update(products).set({ status: 0, updatedAt: new Date() }).where(eq(products.artNo, artNo));
    await recordAdminChange(tx, actor, {
      entityType: "product",
      entityId: String(artNo),
      action: "set-inactive",
      before: { status: before.status },
      after: { status: 0 },
    });
    return { ok: true, categories: before.categoryId == null ? [] : [before.categoryId] };
  });
  if (result.ok) result.categories = await refreshFacets(db, result.categories);
  return result;
}

/**
 * Deletes the product with its stock row and tags (cascade). Orders are untouched: order_items keep
 * their own ArtNo, name and price as text and number, with no foreign key to products.
 */
export async function deleteProduct(db: Db, actor: AdminActor, artNo: number): Promise<ProductWriteResult> {
  const result = await db.transaction(async (tx): Promise<ProductWriteResult> => {
    const before = await lockProduct(tx, artNo);
    if (!before) return NOT_FOUND;
    const tags = await tx.select({ tag: productTags.tag }).from(productTags).where(eq(productTags.artNo, artNo));
    await tx.delete(products).where(eq(products.artNo, artNo));
    await recordAdminChange(tx, actor, {
      entityType: "product",
      entityId: String(artNo),
      action: "delete",
      before: { ...before, tags: tags.map((t) => t.tag) },
      after: null,
    });
    return { ok: true, categories: before.categoryId == null ? [] : [before.categoryId] };
  });
  if (result.ok) result.categories = await refreshFacets(db, result.categories);
  return result;
}

export async function addProductTag(
  db: Db,
  actor: AdminActor,
  artNo: number,
  tag: string,
): Promise<ProductWriteResult> {
  return db.transaction(async (tx): Promise<ProductWriteResult> => {
    if (!(await lockProduct(tx, artNo))) return NOT_FOUND;
    const existing = await tx
      .select({ tag: productTags.tag })
      .from(productTags)
      .where(and(eq(productTags.artNo, artNo), sql`lower(${productTags.tag}) = lower(${tag})`))
      .limit(1);
    if (existing.length) return { ok: false, reason: "invalid", message: `Dit product heeft de tag "${tag}" al.` };
    await tx.insert(productTags).values({ artNo, tag });
    await recordAdminChange(tx, actor, {
      entityType: "product-tag",
      entityId: String(artNo),
      action: "add",
      before: null,
      after: { tag },
    });
    return { ok: true, categories: [] };
  });
}

export async function removeProductTag(
  db: Db,
  actor: AdminActor,
  artNo: number,
  tag: string,
): Promise<ProductWriteResult> {
  return db.transaction(async (tx): Promise<ProductWriteResult> => {
    if (!(await lockProduct(tx, artNo))) return NOT_FOUND;
    const removed = await tx
      .delete(productTags)
      .where(and(eq(productTags.artNo, artNo), eq(productTags.tag, tag)))
      .returning({ tag: productTags.tag });
    if (!removed.length) return { ok: false, reason: "not-found", message: `Dit product heeft geen tag "${tag}".` };
    await recordAdminChange(tx, actor, {
      entityType: "product-tag",
      entityId: String(artNo),
      action: "remove",
      before: { tag },
      after: null,
    });
    return { ok: true, categories: [] };
  });
}
