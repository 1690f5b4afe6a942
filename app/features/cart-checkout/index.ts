/** Cart and checkout: what components and pages may use (the coupon field's answer and form). */
export { COUPON_FIELDS, type CouponCheck, couponFormOf } from "./coupon-check";
