import { asc, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productCategories } from "~/db/schema";
import { CATEGORY_IDS } from "./category-ids";

/** The three top categories of the shop (spec 2 §9), whose pages have a hover menu in the header. */
const NAV_PARENT_IDS = [CATEGORY_IDS.sportsNutrition, CATEGORY_IDS.maintenance, CATEGORY_IDS.bicycleParts];

export type NavCategory = { id: number; name: string };

/** Children of the three top categories by parent id, ordered by name, for the header's hover menus. */
export async function getNavCategories(db: Db): Promise<Record<number, NavCategory[]>> {
  const rows = await db
    .select({ id: productCategories.id, name: productCategories.name, parentId: productCategories.parentId })
    .from(productCategories)
    .where(inArray(productCategories.parentId, NAV_PARENT_IDS))
    .orderBy(asc(productCategories.name));
  const byParent: Record<number, NavCategory[]> = {};
  for (const id of NAV_PARENT_IDS) byParent[id] = [];
  for (const row of rows) byParent[row.parentId!]!.push({ id: row.id, name: row.name });
  return byParent;
}
