/**
 * The admin's Coupons tab (spec 1 §5): its route is coupons.route.tsx (/admin/coupons), named in
 * app/routes.ts. How a code is judged at checkout is the coupons feature's.
 */
export { parseCouponForm, type AdminCoupon, type CouponInput } from "./coupon-admin";
