import { CATEGORY_IDS } from "~/features/catalogue/header";

/** The header's links, in the order of spec 1 §2.2. The first three open a hover menu of subcategories. */
export const NAV_LINKS = [
  { href: "/sportvoeding", label: "Sportvoeding", categoryId: CATEGORY_IDS.sportsNutrition },
  { href: "/onderhoud", label: "Onderhoud", categoryId: CATEGORY_IDS.maintenance },
  { href: "/fietsonderdelen", label: "Fietsonderdelen", categoryId: CATEGORY_IDS.bicycleParts },
  { href: "/blog", label: "Blog" },
  { href: "/contact", label: "Contact" },
  { href: "/cart", label: "Winkelwagen" },
] as const satisfies ReadonlyArray<{ href: string; label: string; categoryId?: number }>;

export type NavCategories = Record<number, { id: number; name: string }[]>;
