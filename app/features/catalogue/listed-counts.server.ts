import { isNotNull, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listedProductCounts } from "~/db/schema";

/**
 * Listed products per category and in all, read from the counts the database keeps on every write
 * to products (migration 0032): a few hundred rows, the same cost at a million products as at ten.
 */

/** Listed products directly in each category (not its descendants); categories without any are absent. */
export async function listedCountsByCategory(db: DbExecutor): Promise<Map<number, number>> {
  const rows = await db
    .select({ categoryId: listedProductCounts.categoryId, listed: listedProductCounts.listed })
    .from(listedProductCounts)
    .where(isNotNull(listedProductCounts.categoryId));
  const counts = new Map<number, number>();
  for (const r of rows) if (r.listed > 0) counts.set(r.categoryId!, r.listed);
  return counts;
}

/** Every listed product, with or without a category. */
export async function countListedProducts(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${listedProductCounts.listed}), 0)::int` })
    .from(listedProductCounts);
  return Number(row?.n ?? 0);
}
