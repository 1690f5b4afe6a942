/** The Coupons tab's services: list, create, change, switch and delete codes (each in the change record). */
export { createCoupon, deleteCoupon, listCoupons, setCouponActive, updateCoupon } from "./coupon-admin.server";
