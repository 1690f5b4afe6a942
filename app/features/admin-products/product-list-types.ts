/** Product Management's list as the loader sends it (plain types: the browser imports them). */

export type ProductListRow = {
  artNo: number;
  brand: string | null;
  shortDescription: string | null;
  categoryId: number | null;
  categoryName: string | null;
  consumerPriceCents: number | null;
  discountedPriceCents: number | null;
  status: number;
  isListed: boolean;
  /** null: no stock row or an unknown quantity. */
  stockQuantity: number | null;
};

export type ProductListPage = {
  rows: ProductListRow[];
  /** Cursor for the next page (the last ArtNo shown), or null on the last page. */
  nextAfter: number | null;
  /** Cursor for the previous page (the first ArtNo shown), or null on the first page. */
  prevBefore: number | null;
};

/** How many products match: exact up to 10 000, else the planner's estimate ("about"). */
export type ProductTotal = { count: number; exact: boolean; moreThan?: boolean };
