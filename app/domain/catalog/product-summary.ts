/** The fields a product card needs; produced by catalogue queries, rendered by ProductCard. */
export type ProductSummary = {
  artNo: number;
  brand: string;
  shortDescription: string;
  consumerPriceCents: number;
  discountedPriceCents: number | null;
  effectivePriceCents: number;
  image: string | null;
  stockQuantity: number | null;
  vatRate: number;
};
