import type { CouponResult } from "~/features/coupons";
import type { Totals } from "./pricing";

// The coupon module owns its answer; a quote carries it.
export type { CouponResult };

/** The most of one article a cart line may hold (a shop for people, not resellers). */
export const MAX_LINE_QUANTITY = 99;

/* The answer of `quoteCart` (quote.server.ts), shared with the components that show it. */

/** Why a cart line cannot be sold as it is. */
export type LineProblem = "not-found" | "out-of-stock" | "insufficient-stock";

/** A cart line priced by the server from the database (the stored cart may be stale or tampered with). */
export type QuoteLine = {
  artNo: number;
  name: string;
  brand: string;
  image: string | null;
  /** What the shop charges per unit now, VAT included (the offer price when on offer). */
  unitPriceCents: number;
  /** The consumer price when on offer (struck through, "Aanbieding"), else null. */
  originalPriceCents: number | null;
  vatRate: number;
  quantity: number;
  lineTotalCents: number;
  stockQuantity: number | null;
  problem: LineProblem | null;
};

export type CartQuote = {
  lines: QuoteLine[];
  totals: Totals;
  coupon: CouponResult | null;
  /** True when every line can be sold in its quantity and the cart is not empty. */
  sellable: boolean;
};
