// Cart and checkout (brief §3): the server services the rest of the app may use.
export { cancelCheckout, checkoutCancelUrl, verifyCancelLink, type CancelOutcome } from "./cancel-checkout.server";
export { COUPON_RATE_LIMIT, checkCoupon } from "./coupon-check.server";
