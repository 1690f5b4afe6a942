import { and, asc, desc, eq, gt, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { productCategories, products, stock } from "~/db/schema";
import { ADMIN_PAGE_SIZE, searchCondition } from "./products-admin.server";
import type { ProductListPage, ProductTotal } from "./product-list-types";
import { LOW_STOCK_THRESHOLD, type ProductListFilters } from "./products-query";

/** Up to this many matches the total is counted; past it the planner's estimate is shown as "about". */
export const EXACT_TOTAL_LIMIT = 10_000;

/** A category and every category below it (the tree is a few hundred rows). */
async function categoryAndBelow(db: DbExecutor, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: productCategories.id, parentId: productCategories.parentId })
    .from(productCategories);
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId == null) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const ids = new Set<number>([id]);
  const queue = [id];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (!ids.has(child)) {
        ids.add(child);
        queue.push(child);
      }
    }
  }
  return [...ids];
}

/**
 * The filters as one condition on `products` (ADR 0034). Each has an index that reads its products in
 * ArtNo order, the table's keyset: the search (trigram on product_search, ArtNo ranges on the key),
 * the category (`products_admin_category_idx`, the category ids resolved first so the planner sees
 * them), inactive and on offer (partial indexes), out and low stock (partial indexes on `stock`).
 */
export async function productFilterCondition(db: DbExecutor, filters: ProductListFilters): Promise<SQL | undefined> {
  const parts: (SQL | undefined)[] = [searchCondition(filters.search)];
  if (filters.categoryId != null)
    parts.push(inArray(products.categoryId, await categoryAndBelow(db, filters.categoryId)));
  if (filters.status === "active") parts.push(eq(products.status, 1));
  if (filters.status === "inactive") parts.push(ne(products.status, 1));
  // The shop's rule (spec 1 §4): on offer when the discounted price is above 0 and below the consumer price.
  if (filters.offer) {
    parts.push(
      sql`(${products.discountedPriceCents} > 0 AND ${products.discountedPriceCents} < ${products.consumerPriceCents})`,
    );
  }
  if (filters.stock === "out") {
    parts.push(sql`${products.artNo} IN (SELECT art_no FROM stock WHERE quantity <= 0)`);
  }
  if (filters.stock === "low") {
    parts.push(
      sql`${products.artNo} IN (SELECT art_no FROM stock WHERE quantity BETWEEN 1 AND ${sql.raw(String(LOW_STOCK_THRESHOLD))})`,
    );
  }
  return and(...parts);
}

/**
 * One page of the filtered table in ArtNo order, 50 a page, seeking on the primary key (ADR 0017):
 * `after` is the last ArtNo of the previous page, `before` the first of the next.
 */
export async function listProducts(
  db: DbExecutor,
  where: SQL | undefined,
  cursor: { after?: number | null; before?: number | null },
): Promise<ProductListPage> {
  const backwards = cursor.before != null && cursor.after == null;
  const seek = backwards
    ? lt(products.artNo, cursor.before!)
    : cursor.after != null
      ? gt(products.artNo, cursor.after)
      : undefined;
  // Two steps: the page's ArtNos first, read from the filters' indexes alone (a filter combination
  // with few matches walks many index entries, and reading each product row there cost 400 ms for
  // 20 000 of them), then the columns of those 51 products.
  const page = db
    .select({ artNo: products.artNo })
    .from(products)
    .where(and(where, seek))
    .orderBy(backwards ? desc(products.artNo) : asc(products.artNo))
    .limit(ADMIN_PAGE_SIZE + 1);
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
      stockQuantity: stock.quantity,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(stock, eq(stock.artNo, products.artNo))
    .where(inArray(products.artNo, page))
    .orderBy(backwards ? desc(products.artNo) : asc(products.artNo));
  const more = rows.length > ADMIN_PAGE_SIZE;
  const shown = rows.slice(0, ADMIN_PAGE_SIZE);
  if (backwards) shown.reverse();
  const first = shown[0]?.artNo ?? null;
  const last = shown.at(-1)?.artNo ?? null;
  return {
    rows: shown,
    nextAfter: backwards ? last : more ? last : null,
    prevBefore: backwards ? (more ? first : null) : cursor.after != null ? first : null,
  };
}

/** Rounds an estimate to three significant digits: 1 234 567 → 1 230 000. */
function roughly(n: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 2);
  return Math.round(n / step) * step;
}

/**
 * How many products match. Counted up to EXACT_TOTAL_LIMIT (an index walk that stops at 10 001
 * rows); beyond it the planner's row estimate for the same condition (EXPLAIN, no rows read), which
 * follows the table statistics: "about 1 000 000 products". When the estimate is below what was
 * counted, the answer is "more than 10 000".
 */
export async function countProducts(db: DbExecutor, where: SQL | undefined): Promise<ProductTotal> {
  const inner = sql`SELECT 1 FROM products WHERE ${where ?? sql`true`}`;
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (${inner} LIMIT ${EXACT_TOTAL_LIMIT + 1}) matches`),
  );
  if (n <= EXACT_TOTAL_LIMIT) return { count: n, exact: true };
  const plan = rowsOf<{ "QUERY PLAN": unknown }>(await db.execute(sql`EXPLAIN (FORMAT JSON) ${inner}`));
  const raw = plan[0]?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  const estimate = Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
  if (!(estimate > EXACT_TOTAL_LIMIT)) return { count: EXACT_TOTAL_LIMIT, exact: false, moreThan: true };
  return { count: roughly(estimate), exact: false };
}
