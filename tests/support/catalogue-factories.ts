import { sql } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { categoryFilters, filterTypes, quizQuestions } from "../../app/db/schema";

/** The five fixed filter types of the shop (ids as in the seed). */
export const FILTER = { brand: 1, color: 2, material: 3, size: 4, price: 5 } as const;

export async function createFilterTypes(db: Db) {
  await db
    .insert(filterTypes)
    .values([
      { id: 1, name: "brand", displayName: "Merk", filterType: "multi-select" },
      { id: 2, name: "color", displayName: "Kleur", filterType: "multi-select" },
      { id: 3, name: "material", displayName: "Materiaal", filterType: "multi-select" },
      { id: 4, name: "size", displayName: "Maat", filterType: "select" },
      { id: 5, name: "price_range", displayName: "Prijs", filterType: "select" },
    ])
    .onConflictDoNothing();
}

/** Configures the given filter types (in this order) for a category. */
export async function configureFilters(db: Db, categoryId: number, filterTypeIds: number[], isActive = true) {
  await db
    .insert(categoryFilters)
    .values(filterTypeIds.map((filterTypeId, i) => ({ categoryId, filterTypeId, displayOrder: i, isActive })));
}

export async function createQuizQuestions(
  db: Db,
  questions: { statement: string; isTrue: boolean; explanation: string }[],
) {
  await db.insert(quizQuestions).values(questions.map((q, i) => ({ ...q, position: i + 1 })));
}

export async function countRows(db: Db, table: string): Promise<number> {
  const result = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown;
  const rows = Array.isArray(result) ? result : ((result as { rows: { n: number }[] }).rows ?? []);
  return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
}
