import type { DbExecutor } from "~/domain/mail/outbox.server";
import type { Totals } from "./pricing";

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

/** The answer of the coupon rule (spec 1 §3 "Coupon validation result"), plus what the order needs. */
export type CouponResult = {
  code: string;
  valid: boolean;
  discountCents: number;
  /** The spec's message for the shopper (e.g. why it is not valid). */
  message: string;
  couponId: string | null;
};

export type CartQuote = {
  lines: QuoteLine[];
  totals: Totals;
  coupon: CouponResult | null;
  /** True when every line can be sold in its quantity and the cart is not empty. */
  sellable: boolean;
};

export type QuoteInput = { items: { artNo: number; quantity: number }[]; couponCode?: string | null };

/**
 * Prices a cart from the database: current price and VAT per product, stock, the coupon rule and
 * the shipping rule from site settings, through `priceOrder`. Used by /cart, the checkout and
 * (inside its transaction) placing the order. To be built in issue 4 (cart helper).
 */
export async function quoteCart(_db: DbExecutor, _input: QuoteInput): Promise<CartQuote> {
  throw new Error("quoteCart: not built yet");
}
