import type { CartQuote } from "~/domain/checkout/quote";

/**
 * What a page action answers to the coupon field (intent "coupon"): the toast title and message of
 * spec 2 §8 "Coupon" and, when the cart could be priced, the quote with the coupon applied.
 */
export type CouponCheck = {
  intent: "coupon";
  status: "applied" | "invalid" | "empty" | "failed" | "limited";
  /** The code as the server read it (trimmed, upper case). */
  code: string;
  title: string;
  message: string;
  discountCents: number;
  quote: CartQuote | null;
};

/** The posted field names of the coupon form, shared by the field and the actions that read it. */
export const COUPON_FIELDS = { intent: "intent", code: "code", items: "items" } as const;
