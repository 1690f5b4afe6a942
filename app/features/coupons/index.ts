/** Coupons (issue 32 item 1): the rules a code is judged by and the shopper's messages; the admin's tab is admin-coupons. */
export { COUPON_MESSAGES, type CouponResult, appliedMessage, normaliseCouponCode } from "./coupon-rules";
