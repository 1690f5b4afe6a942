import { CATEGORY_IDS } from "~/features/catalogue";

/**
 * The fixed category tree and filter configuration of the demo shop. The ids are part of the
 * spec (8, 16, 164) or agreed with the rest of the team (17 Reiniging, 18 Smering, 100–149 parts,
 * 165–180 sports nutrition): pages link to them directly, so they must never change. The ones the
 * pages name are in CATEGORY_IDS.
 */

export type CategorySeed = { id: number; name: string; parentId: number | null; level: number };

const PARTS_ID = CATEGORY_IDS.bicycleParts;
const MAINTENANCE_ID = CATEGORY_IDS.maintenance;
const NUTRITION_ID = CATEGORY_IDS.sportsNutrition;

export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  { id: PARTS_ID, name: "Fietsonderdelen", parentId: null, level: 1 },
  { id: MAINTENANCE_ID, name: "Onderhoud", parentId: null, level: 1 },
  { id: NUTRITION_ID, name: "Sportvoeding", parentId: null, level: 1 },

  // Onderhoud
  { id: CATEGORY_IDS.cleaning, name: "Reiniging", parentId: MAINTENANCE_ID, level: 2 },
  { id: CATEGORY_IDS.lubrication, name: "Smering", parentId: MAINTENANCE_ID, level: 2 },
  { id: 19, name: "Gereedschap", parentId: MAINTENANCE_ID, level: 2 },
  { id: 20, name: "Banden plakken", parentId: MAINTENANCE_ID, level: 2 },
  { id: 21, name: "Poetsdoeken", parentId: MAINTENANCE_ID, level: 2 },
  { id: 22, name: "Fietspompen", parentId: MAINTENANCE_ID, level: 2 },

  // Fietsonderdelen; Remmen and Banden have their own subcategories (a third level).
  { id: 100, name: "Kettingen", parentId: PARTS_ID, level: 2 },
  { id: 101, name: "Remmen", parentId: PARTS_ID, level: 2 },
  { id: 102, name: "Banden", parentId: PARTS_ID, level: 2 },
  { id: 103, name: "Binnenbanden", parentId: PARTS_ID, level: 2 },
  { id: 104, name: "Verlichting", parentId: PARTS_ID, level: 2 },
  { id: 105, name: "Sturen en stuurlint", parentId: PARTS_ID, level: 2 },
  { id: 106, name: "Zadels", parentId: PARTS_ID, level: 2 },
  { id: 107, name: "Pedalen", parentId: PARTS_ID, level: 2 },
  { id: 108, name: "Cassettes", parentId: PARTS_ID, level: 2 },
  { id: 130, name: "Schijfremblokken", parentId: 101, level: 3 },
  { id: 131, name: "Velgremblokken", parentId: 101, level: 3 },
  { id: 132, name: "Remkabels", parentId: 101, level: 3 },
  { id: 133, name: "Racebanden", parentId: 102, level: 3 },
  { id: 134, name: "MTB-banden", parentId: 102, level: 3 },
  { id: 135, name: "Stads- en tourbanden", parentId: 102, level: 3 },

  // Sportvoeding
  { id: 165, name: "Energiegels", parentId: NUTRITION_ID, level: 2 },
  { id: 166, name: "Sportdranken", parentId: NUTRITION_ID, level: 2 },
  { id: 167, name: "Energierepen", parentId: NUTRITION_ID, level: 2 },
  { id: 168, name: "Eiwitrepen", parentId: NUTRITION_ID, level: 2 },
  { id: 169, name: "Herstel", parentId: NUTRITION_ID, level: 2 },
  { id: 170, name: "Elektrolyten", parentId: NUTRITION_ID, level: 2 },
  { id: 171, name: "Energy chews", parentId: NUTRITION_ID, level: 2 },
];

export function categoryImageUrl(id: number): string {
  return `/media/category/${id}.svg`;
}

export const LEAF_CATEGORY_IDS: readonly number[] = CATEGORY_SEEDS.filter(
  (c) => !CATEGORY_SEEDS.some((child) => child.parentId === c.id),
).map((c) => c.id);

/** The top-level area a category belongs to (8, 16 or 164). */
export function rootOf(categoryId: number): number {
  let current = CATEGORY_SEEDS.find((c) => c.id === categoryId);
  while (current && current.parentId != null) {
    const parentId: number = current.parentId;
    current = CATEGORY_SEEDS.find((c) => c.id === parentId);
  }
  return current?.id ?? categoryId;
}

export const FILTER_TYPE_SEEDS = [
  { id: 1, name: "brand", displayName: "Merk", filterType: "multi-select" },
  { id: 2, name: "color", displayName: "Kleur", filterType: "multi-select" },
  { id: 3, name: "material", displayName: "Materiaal", filterType: "multi-select" },
  { id: 4, name: "size", displayName: "Maat", filterType: "select" },
  { id: 5, name: "price_range", displayName: "Prijs", filterType: "select" },
] as const;

export type CategoryFilterSeed = { categoryId: number; filterTypeId: number; displayOrder: number; isActive: boolean };

/**
 * Filters for every leaf category and for the parents 8 and 164. Colour and material make no sense
 * for food, so sports nutrition gets brand, size and price. Reiniging carries one inactive colour
 * filter: it proves inactive filters are ignored even though its brushes do have colours.
 */
export function categoryFilterSeeds(): CategoryFilterSeed[] {
  const rows: CategoryFilterSeed[] = [];
  const targets = [PARTS_ID, NUTRITION_ID, ...LEAF_CATEGORY_IDS];
  for (const categoryId of targets) {
    const isNutrition = rootOf(categoryId) === NUTRITION_ID;
    const filterIds = isNutrition ? [1, 4, 5] : [1, 2, 3, 4, 5];
    filterIds.forEach((filterTypeId, index) => {
      const inactive = categoryId === CATEGORY_IDS.cleaning && filterTypeId === 2;
      rows.push({ categoryId, filterTypeId, displayOrder: index + 1, isActive: !inactive });
    });
  }
  return rows;
}
