/** The fields a product card needs; produced by catalogue queries, rendered by ProductCard. */
export type ProductSummary = {
  artNo: number;
  brand: string;
  shortDescription: string;
  consumerPriceCents: number;
  discountedPriceCents: number | null;
  effectivePriceCents: number;
  /** The honest "was" price of a running offer (products.reference_price_cents); see offerOf. */
  referencePriceCents: number | null;
  image: string | null;
  stockQuantity: number | null;
  vatRate: number;
};

/** The snake_case columns a raw catalogue query selects for a product card. */
export type ProductSummaryRow = {
  art_no: number;
  brand: string;
  short_description: string;
  consumer_price_cents: number;
  discounted_price_cents: number | null;
  effective_price_cents: number;
  reference_price_cents: number | null;
  image: string | null;
  vat_rate: number;
  quantity: number | null;
};

/** Maps a raw row to a card; Number() because node-postgres may hand integers back as strings. */
export function summaryFromRow(r: ProductSummaryRow): ProductSummary {
  return {
    artNo: Number(r.art_no),
    brand: r.brand,
    shortDescription: r.short_description,
    consumerPriceCents: Number(r.consumer_price_cents),
    discountedPriceCents: r.discounted_price_cents == null ? null : Number(r.discounted_price_cents),
    effectivePriceCents: Number(r.effective_price_cents),
    referencePriceCents: r.reference_price_cents == null ? null : Number(r.reference_price_cents),
    image: r.image || null,
    vatRate: Number(r.vat_rate),
    stockQuantity: r.quantity == null ? null : Number(r.quantity),
  };
}
