import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productCategories } from "~/db/schema";
import { rowsOf } from "~/db/rows.server";
import { listedCountsByCategory } from "./listed-counts.server";

export type Category = {
  id: number;
  name: string;
  parentId: number | null;
  imageUrl: string | null;
  level: number;
};

/** A category as a card or tree node: its product count includes every descendant category. */
export type CategoryWithCount = Category & { productCount: number };

export type CategoryTreeNode = {
  id: number;
  name: string;
  productCount: number;
  children: CategoryTreeNode[];
};

/** Guards the recursive queries against a parent_id cycle in imported data. */
const MAX_DEPTH = 12;

const categoryColumns = {
  id: productCategories.id,
  name: productCategories.name,
  parentId: productCategories.parentId,
  imageUrl: productCategories.imageUrl,
  level: productCategories.level,
};

export async function getCategory(db: Db, id: number): Promise<Category | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await db.select(categoryColumns).from(productCategories).where(eq(productCategories.id, id)).limit(1);
  return row ?? null;
}

/** The category and its ancestors, root first (for breadcrumbs and the "Terug" target). */
export async function getCategoryPath(db: Db, id: number): Promise<Category[]> {
  const rows = await db.execute<{
    id: number;
    name: string;
    parent_id: number | null;
    image_url: string | null;
    level: number;
    depth: number;
  }>(sql`
    WITH RECURSIVE up AS (
      SELECT id, name, parent_id, image_url, level, 0 AS depth FROM product_categories WHERE id = ${id}
      UNION ALL
      SELECT c.id, c.name, c.parent_id, c.image_url, c.level, up.depth + 1
      FROM product_categories c JOIN up ON c.id = up.parent_id
      WHERE up.depth < ${MAX_DEPTH}
    )
    SELECT id, name, parent_id, image_url, level::int AS level, depth FROM up ORDER BY depth DESC`);
  return rowsOf<{ id: number; name: string; parent_id: number | null; image_url: string | null; level: number }>(
    rows,
  ).map((r) => ({
    id: Number(r.id),
    name: r.name,
    parentId: r.parent_id == null ? null : Number(r.parent_id),
    imageUrl: r.image_url,
    level: Number(r.level),
  }));
}

/** The ids of a category and all categories below it: a product listing includes them all. */
export async function getDescendantIds(db: Db, id: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE down AS (
      SELECT id, 0 AS depth FROM product_categories WHERE id = ${id}
      UNION
      SELECT c.id, down.depth + 1 FROM product_categories c JOIN down ON c.parent_id = down.id
      WHERE down.depth < ${MAX_DEPTH}
    )
    SELECT DISTINCT id FROM down`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

/**
 * The direct children of a category (by name), each with the number of listed products in it and
 * all its descendants. One round trip: the subtree walk and the sum of the kept counts
 * (listed-counts.server.ts) happen in the database.
 */
export async function getChildCategories(db: Db, parentId: number): Promise<CategoryWithCount[]> {
  const rows = await db.execute<{
    id: number;
    name: string;
    parent_id: number | null;
    image_url: string | null;
    level: number;
    product_count: number;
  }>(sql`
    WITH RECURSIVE sub AS (
      SELECT id AS root, id, 0 AS depth FROM product_categories WHERE parent_id = ${parentId}
      UNION
      SELECT sub.root, c.id, sub.depth + 1 FROM product_categories c JOIN sub ON c.parent_id = sub.id
      WHERE sub.depth < ${MAX_DEPTH}
    ),
    counts AS (
      SELECT sub.root, sum(l.listed)::int AS product_count
      FROM sub JOIN listed_product_counts l ON l.category_id = sub.id
      GROUP BY sub.root
    )
    SELECT c.id, c.name, c.parent_id, c.image_url, c.level::int AS level, coalesce(counts.product_count, 0)::int AS product_count
    FROM product_categories c LEFT JOIN counts ON counts.root = c.id
    WHERE c.parent_id = ${parentId}
    ORDER BY c.name, c.id`);
  return rowsOf<{
    id: number;
    name: string;
    parent_id: number | null;
    image_url: string | null;
    level: number;
    product_count: number;
  }>(rows).map((r) => ({
    id: Number(r.id),
    name: r.name,
    parentId: r.parent_id == null ? null : Number(r.parent_id),
    imageUrl: r.image_url,
    level: Number(r.level),
    productCount: Number(r.product_count),
  }));
}

/** Whether a category has at least one child category (a parent shows cards, a leaf shows products). */
export async function hasChildCategories(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.parentId, id))
    .limit(1);
  return row != null;
}

/**
 * The whole category tree by name, each node counting its own and its descendants' listed products.
 * Two small queries (categories, the kept counts per category) and the nesting in memory: both are
 * a few hundred rows, whatever the size of the catalogue.
 */
export async function getCategoryTree(db: Db): Promise<CategoryTreeNode[]> {
  const [categories, own] = await Promise.all([
    db.select(categoryColumns).from(productCategories).orderBy(asc(productCategories.name), asc(productCategories.id)),
    listedCountsByCategory(db),
  ]);

  const nodes = new Map<number, CategoryTreeNode>();
  for (const c of categories) nodes.set(c.id, { id: c.id, name: c.name, productCount: 0, children: [] });
  const roots: CategoryTreeNode[] = [];
  for (const c of categories) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId != null && c.parentId !== c.id ? nodes.get(c.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // Post-order sum; `seen` stops a cycle in bad data from recursing forever.
  const seen = new Set<number>();
  const total = (node: CategoryTreeNode): number => {
    if (seen.has(node.id)) return 0;
    seen.add(node.id);
    node.productCount = (own.get(node.id) ?? 0) + node.children.reduce((sum, child) => sum + total(child), 0);
    return node.productCount;
  };
  for (const root of roots) total(root);
  // Categories caught in a cycle never reach a root; show them at the top rather than lose them.
  for (const node of nodes.values()) {
    if (seen.has(node.id)) continue;
    roots.push(node);
    total(node);
  }
  return roots;
}

/** The top-level categories (no parent) with their subtree product counts, for the /products overview. */
export async function getTopCategories(db: Db): Promise<CategoryWithCount[]> {
  const tree = await getCategoryTree(db);
  const byId = new Map<number, Category>();
  const rows = await db
    .select(categoryColumns)
    .from(productCategories)
    .where(sql`${productCategories.parentId} IS NULL`);
  for (const r of rows) byId.set(r.id, r);
  return tree.filter((n) => byId.has(n.id)).map((n) => ({ ...byId.get(n.id)!, productCount: n.productCount }));
}
