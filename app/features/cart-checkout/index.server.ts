// Server services of cart and checkout that moved into the feature folder so far (brief §3).
export { cancelCheckout, checkoutCancelUrl, verifyCancelLink, type CancelOutcome } from "./cancel-checkout.server";
