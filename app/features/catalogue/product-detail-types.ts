/** What the product detail page shows (spec 1 §2.9); produced by getProductDetail, shared with the browser. */

export type CategoryCrumb = { id: number; name: string };

/** One row of a sports-nutrition table (the products.nutrition jsonb column). */
export type NutritionFact = { label: string; per100: string; perServing?: string };

export type ProductDetail = {
  artNo: number;
  brand: string;
  shortDescription: string;
  /** Sanitised supplier HTML; empty when the supplier gave none (the page then shows a fallback). */
  descriptionHtml: string;
  consumerPriceCents: number;
  discountedPriceCents: number | null;
  effectivePriceCents: number;
  /** The honest "was" price of a running offer (products.reference_price_cents); see offerOf. */
  referencePriceCents: number | null;
  vatRate: number;
  images: string[];
  /** null = unknown (no stock row or no quantity). */
  stockQuantity: number | null;
  tags: string[];
  /** The product's category, and the categories above it (root first), for breadcrumbs. */
  category: CategoryCrumb | null;
  ancestors: CategoryCrumb[];
  ingredients: string | null;
  allergens: string | null;
  nutrition: NutritionFact[];
  colour: string | null;
  material: string | null;
  size: string | null;
  type: string | null;
};
