// Server services of payments: the configured provider (local test page or Stripe).
export { createPaymentProvider } from "./provider.server";
