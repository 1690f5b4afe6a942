// Cart and checkout (brief §3): the server services the rest of the app may use; the pages are the *.route.tsx files.
export { cancelCheckout, checkoutCancelUrl, verifyCancelLink, type CancelOutcome } from "./cancel-checkout.server";
export { COUPON_RATE_LIMIT, checkCoupon } from "./coupon-check.server";
export { defaultAddressOf, saveShippingAddress } from "./addresses.server";
