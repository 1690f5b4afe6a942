import { asc, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productCategories } from "~/db/schema";

/** The three top categories of the shop (spec 2 §9) and the pages that present them. */
export const NAV_PARENTS = [
  { id: 164, label: "Sportvoeding", href: "/sportvoeding" },
  { id: 16, label: "Onderhoud", href: "/onderhoud" },
  { id: 8, label: "Fietsonderdelen", href: "/fietsonderdelen" },
] as const;

export type NavCategory = { id: number; name: string };

/** Children of 164, 16 and 8 by parent id, ordered by name, for the header's hover menus. */
export async function getNavCategories(db: Db): Promise<Record<number, NavCategory[]>> {
  const rows = await db
    .select({ id: productCategories.id, name: productCategories.name, parentId: productCategories.parentId })
    .from(productCategories)
    .where(
      inArray(
        productCategories.parentId,
        NAV_PARENTS.map((p) => p.id),
      ),
    )
    .orderBy(asc(productCategories.name));
  const byParent: Record<number, NavCategory[]> = {};
  for (const parent of NAV_PARENTS) byParent[parent.id] = [];
  for (const row of rows) byParent[row.parentId!]!.push({ id: row.id, name: row.name });
  return byParent;
}
