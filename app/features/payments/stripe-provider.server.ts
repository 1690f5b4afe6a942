import Stripe from "stripe";
import { shortOrderId } from "~/features/shopper-orders";
import type {
  CheckoutSession,
  CreateCheckoutSessionInput,
  PaymentEvent,
  PaymentProvider,
  SessionState,
} from "./provider";

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl: string | undefined };

/**
 * Stripe refuses an `expires_at` less than 30 minutes after it receives the request; a minute of
 * margin covers the request's travel time and clock differences.
 */
const EXPIRY_SECONDS = 31 * 60;

/** The SDK client; STRIPE_API_URL (tests: a local fake of the API) replaces api.stripe.com. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "http:" ? 80 : 443),
          protocol: target.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/**
 * The line items Stripe shows and charges. Stripe has no negative lines, so an order with a
 * coupon discount goes as ONE line with the order total (named after the order): itemised lines
 * plus a separate discount would need Stripe coupons, which would make Stripe a second place that
 * computes our discount. Without a discount the items go itemised, shipping as its own line.
 * Whatever is sent must add up to exactly the order total, else it falls back to the one line.
 */
export function stripeLineItems(input: CreateCheckoutSessionInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const itemised: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((line) => ({
    quantity: line.quantity,
    price_data: {
      currency: "eur",
      unit_amount: line.unitAmountCents,
      product_data: {
        name: line.name,
        ...(line.description ? { description: line.description } : {}),
        metadata: { artNo: String(line.artNo) },
      },
    },
  }));
  if (input.shippingCents > 0) {
    itemised.push({
      quantity: 1,
      price_data: { currency: "eur", unit_amount: input.shippingCents, product_data: { name: "Verzendkosten" } },
    });
  }
  const itemisedTotal =
    input.lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0) + input.shippingCents;
  if (input.discountCents <= 0 && itemisedTotal === input.totalCents) return itemised;
  const count = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  return [
    {
      quantity: 1,
      price_data: {
        currency: "eur",
        unit_amount: input.totalCents,
        product_data: {
          name: `Bestelling ${shortOrderId(input.orderId)}`,
          description: `${count} ${count === 1 ? "artikel" : "artikelen"}, inclusief korting${
            input.shippingCents > 0 ? " en verzendkosten" : ""
          }`,
        },
      },
    },
  ];
}

function toState(session: Stripe.Checkout.Session): SessionState {
  return {
    id: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    paid: session.payment_status === "paid",
    amountTotalCents: session.amount_total,
    url: session.url,
  };
}

/** Stripe Checkout through the official SDK: iDEAL and card, confirmed by signed webhooks. */
export function createStripeProvider(settings: StripeSettings, stripe = createStripeClient(settings)): PaymentProvider {
  return {
    name: "stripe",
    async createCheckoutSession(input): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          // API 2026-10-28 (this SDK's pinned version) replaced payment_method_types with this filter.
          allowed_payment_method_types: ["ideal", "card"],
          customer_email: input.customerEmail,
          line_items: stripeLineItems(input),
          metadata: { orderId: input.orderId },
          client_reference_id: input.orderId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + EXPIRY_SECONDS,
          locale: "nl",
        },
        // The SDK adds an idempotency key itself when it retries, so a retry never makes a second session.
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },
    async refund(input) {
      // A Checkout Session is paid through its PaymentIntent: the refund goes against that.
      const session = await stripe.checkout.sessions.retrieve(input.sessionId);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${session.id} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: input.amountCents, metadata: { orderId: input.orderId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id };
    },
    async retrieveSession(sessionId): Promise<SessionState | null> {
      if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
      try {
        return toState(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async expireSession(sessionId): Promise<SessionState | null> {
      if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
      try {
        return toState(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already): its
        // own state then says what happened. Any other error (Stripe unreachable) goes to the caller.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveSession(sessionId);
        throw error;
      }
    },
    async parseWebhook(rawBody, signature): Promise<PaymentEvent> {
      if (!signature) throw new Error("Stripe webhook without a signature");
      // Throws StripeSignatureVerificationError on a bad or stale signature.
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          // A completed iDEAL session can still be unpaid; its async_payment_succeeded follows.
          return event.data.object.payment_status === "paid"
            ? { type: "paid", sessionId: event.data.object.id }
            : { type: "ignored" };
        case "checkout.session.expired":
          return { type: "expired", sessionId: event.data.object.id };
        case "checkout.session.async_payment_failed":
          return { type: "failed", sessionId: event.data.object.id };
        default:
          return { type: "ignored" };
      }
    },
  };
}
