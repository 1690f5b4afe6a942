import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";

/** Filter names whose values are counted, and the product column each one reads. price_range is a slider, not cached. */
const CACHED_COLUMNS = {
  brand: sql.raw("p.brand"),
  color: sql.raw("p.colour"),
  material: sql.raw("p.material"),
  size: sql.raw("p.size"),
} as const;

/**
 * Rebuilds filter_values_cache: for every category with active configured filters, how many listed
 * products carry each brand / colour / material / size value. A parent category counts the products
 * of all its descendants, as its listing does. With `categoryIds` only those categories and their
 * ancestors (whose counts include them) are rebuilt. Runs in one transaction, so readers never see
 * a half-empty cache. Returns the number of cache rows written.
 */
export async function rebuildFilterValueCache(db: Db, categoryIds?: readonly number[]): Promise<number> {
  if (categoryIds && categoryIds.length === 0) return 0;
  const idList = categoryIds
    ? sql.join(
        categoryIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : null;

  // The set of categories to rebuild: everything, or the given ones plus their ancestors.
  const scope: SQL = idList
    ? sql`WITH RECURSIVE up(id, parent_id) AS (
            SELECT id, parent_id FROM product_categories WHERE id IN (${idList})
            UNION SELECT c.id, c.parent_id FROM product_categories c JOIN up ON c.id = up.parent_id
          ) SELECT id FROM up`
    : sql`SELECT id FROM product_categories`;

  const valueExpression = sql.join(
    Object.entries(CACHED_COLUMNS).map(([name, column]) => sql`WHEN ${name} THEN ${column}`),
    sql` `,
  );
  const names = sql.join(
    Object.keys(CACHED_COLUMNS).map((n) => sql`${n}`),
    sql`, `,
  );

  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM filter_values_cache WHERE category_id IN (${scope})`);
    const inserted = await tx.execute<{ category_id: number }>(sql`
      WITH RECURSIVE tree(root_id, id) AS (
        SELECT id, id FROM product_categories
        UNION ALL
        SELECT tree.root_id, c.id FROM product_categories c JOIN tree ON c.parent_id = tree.id
      ),
      configured AS (
        SELECT DISTINCT cf.category_id, cf.filter_type_id, ft.name
        FROM category_filters cf JOIN filter_types ft ON ft.id = cf.filter_type_id
        WHERE cf.is_active AND ft.name IN (${names}) AND cf.category_id IN (${scope})
      )
      INSERT INTO filter_values_cache (category_id, filter_type_id, value, product_count)
      SELECT configured.category_id, configured.filter_type_id, v.value, count(*)::int
      FROM configured
      JOIN tree ON tree.root_id = configured.category_id
      JOIN products p ON p.category_id = tree.id AND p.is_listed
      CROSS JOIN LATERAL (SELECT CASE configured.name ${valueExpression} END AS value) v
      WHERE coalesce(v.value, '') <> ''
      GROUP BY configured.category_id, configured.filter_type_id, v.value
      RETURNING category_id`);
    return rowsOf(inserted).length;
  });
}
