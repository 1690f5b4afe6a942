/** Coupons: judging a code against the database, counting and holding its uses (checkout, payment). */
export { countCouponUse, evaluateCoupon } from "./coupons.server";
