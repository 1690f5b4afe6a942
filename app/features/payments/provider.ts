/**
 * The payment-provider boundary (brief §2): Stripe Checkout when configured, otherwise the local test
 * provider — a hosted payment page served by this app that behaves like Stripe Checkout. Orders are
 * created before the shopper is sent to `url`; payment is confirmed by the webhook and by the
 * success page, both through `retrieveSession`, never by trusting the browser.
 */
export type PaymentProviderName = "local" | "stripe";

import type { CheckoutLine } from "./schema";

export type { CheckoutLine };

export type CreateCheckoutSessionInput = {
  orderId: string;
  customerEmail: string;
  lines: CheckoutLine[];
  shippingCents: number;
  discountCents: number;
  /** What the shopper pays; the session must charge exactly this. */
  totalCents: number;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider fills in (as Stripe does). */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { id: string; url: string };

export type SessionState = {
  id: string;
  /** The order this session was created for (metadata), or null when unknown. */
  orderId: string | null;
  status: "open" | "complete" | "expired";
  paid: boolean;
  amountTotalCents: number | null;
  /**
   * Where the shopper pays while the session is open (Stripe's session.url), so a second submission
   * of the same checkout form can be sent to the session the first one created.
   */
  url?: string | null;
};

/** A verified webhook delivery, reduced to what the shop acts on. */
export type PaymentEvent =
  { type: "paid"; sessionId: string } | { type: "expired" | "failed"; sessionId: string } | { type: "ignored" };

export type RefundInput = {
  sessionId: string;
  orderId: string;
  /** What goes back to the shopper, in cents (at most what the session charged, minus earlier refunds). */
  amountCents: number;
  /** The same key twice refunds once (a double click, a retried request). */
  idempotencyKey: string;
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession>;
  /** The provider's own view of a session; null when it does not exist. */
  retrieveSession(sessionId: string): Promise<SessionState | null>;
  /**
   * Ends an open, unpaid session so it can no longer be paid (Stripe: expire a Checkout Session); a
   * session that is no longer open stays as it is. Answers the session as it is afterwards.
   */
  expireSession(sessionId: string): Promise<SessionState | null>;
  /** Pays `amountCents` of a paid session back to the shopper; resolves to the provider's refund id. */
  refund(input: RefundInput): Promise<{ id: string }>;
  /** Checks the signature of a webhook delivery and parses it; throws on a bad signature. */
  parseWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent>;
}
