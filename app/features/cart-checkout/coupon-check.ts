import { parsePostedItems } from "./cart-edit";
import type { CartQuote } from "./quote";
import { normaliseCouponCode } from "~/features/coupons";

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

/** The coupon form as the check reads it: the code (trimmed, upper case) and the posted cart (ArtNo and quantity only). */
export type CouponForm = { code: string; items: { artNo: number; quantity: number }[] };

export function couponFormOf(form: FormData): CouponForm {
  return {
    code: normaliseCouponCode(String(form.get(COUPON_FIELDS.code) ?? "")),
    items: parsePostedItems(form.get(COUPON_FIELDS.items)),
  };
}
