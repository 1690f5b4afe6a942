// Client-safe public entry of payments: the provider's contract (types only), and the page a shopper
// sees back from paying or cancelling.
export type { CheckoutLine, PaymentProvider, SessionState } from "./provider";
export { CHECKOUT_RESULT_TEXT } from "./checkout-result";
export { PaymentResult } from "./payment-result";
