/** The Product Management tab's data as the loader sends it (plain types: the browser imports them). */

/** A row of the Product Management table. */
export type AdminProductRow = {
  artNo: number;
  brand: string | null;
  shortDescription: string | null;
  categoryId: number | null;
  categoryName: string | null;
  consumerPriceCents: number | null;
  discountedPriceCents: number | null;
  status: number;
  isListed: boolean;
};

export type AdminProductPage = {
  rows: AdminProductRow[];
  /** Cursor for the next page (the last ArtNo shown), or null on the last page. */
  nextAfter: number | null;
  /** Cursor for the previous page (the first ArtNo shown), or null on the first page. */
  prevBefore: number | null;
};

/** Everything the "Update Product" dialog shows. */
export type AdminProductDetail = {
  artNo: number;
  brand: string | null;
  shortDescription: string | null;
  longDescriptionHtml: string | null;
  categoryId: number | null;
  consumerPriceCents: number | null;
  discountedPriceCents: number | null;
  vatRate: number;
  status: number;
  stockQuantity: number | null;
  images: string[];
  colour: string | null;
  material: string | null;
  size: string | null;
  type: string | null;
  articleKeyword: string | null;
  tags: string[];
};
