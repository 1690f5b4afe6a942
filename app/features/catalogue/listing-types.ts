import type { SortKey } from "./listing-params";
import type { ProductSummary } from "./product-summary";

/** Shapes of the catalogue listing, shared by the server query and the components that render it. */

export type FilterKind = "select" | "multi-select";

/** A filter type configured for a category (spec 1 §3 "Category filter"). */
export type FilterTypeConfig = { id: number; name: string; displayName: string; kind: FilterKind };

export type FacetValue = {
  value: string;
  count: number;
  selected: boolean;
  /** The count stopped at a cap (a huge category): at least `count` products; 0 = not counted. */
  atLeast?: boolean;
};

export type Facet = FilterTypeConfig & {
  /** Values with the number of products they would show, given the OTHER active filters. */
  values: FacetValue[];
  /** Some counts of this facet are lower bounds (see FacetValue.atLeast). */
  capped?: boolean;
};

/** Whole euros: the slider's range and the active price filter, if any. */
export type PriceBounds = { min: number; max: number };

export type ActiveFilter = { filterTypeId: number; displayName: string; value: string; label: string };

export type TagFacet = { tag: string; count: number; selected: boolean };

export type ListingQuery = {
  /** Category ids whose products are listed (a category and its descendants); null = all. */
  categoryIds: number[] | null;
  /** Search term (already trimmed); "" = no search. */
  q?: string;
  filters: Record<number, string[]>;
  filterTypes: FilterTypeConfig[];
  sort: SortKey;
  page: number;
  /** Read the page on from this product's place in the order (keyset paging); see productPage. */
  after?: number | null;
  tags?: string[];
  /** Sportvoeding's "Eerst op voorraad": products in stock before the rest, whatever the sort. */
  stockFirst?: boolean;
  /** Count products per tag (the sportvoeding chips). */
  withTagFacet?: boolean;
  pageSize?: number;
};

export type ListingResult = {
  products: ProductSummary[];
  total: number;
  /** The total stopped counting (a huge category with filters): there are more than `total`. */
  totalCapped: boolean;
  page: number;
  totalPages: number;
  facets: Facet[];
  /** Slider bounds from the rounded lowest and highest price (0–1000 when nothing matches). */
  priceBounds: PriceBounds;
  priceFilter: (PriceBounds & { filterTypeId: number }) | null;
  activeFilters: ActiveFilter[];
  tagFacet: TagFacet[];
};
