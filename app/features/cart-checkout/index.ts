/**
 * Cart and checkout: what components and pages may use (the coupon field's answer and form, the
 * shipping address's rules, the VAT arithmetic). The cart every page uses has its own entry, cart.ts.
 */
export { COUPON_FIELDS, type CouponCheck, couponFormOf } from "./coupon-check";
export { COUNTRY, shippingSchema } from "./checkout-schema";
export { allocate, vatIncludedCents, type VatLine } from "./pricing";
