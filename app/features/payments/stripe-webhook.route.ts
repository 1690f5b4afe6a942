import type { Route } from "./+types/stripe-webhook.route";
import { closeUnpaidOrder, confirmPayment } from "~/features/orders/index.server";
import type { PaymentEvent } from "./provider";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * POST /api/payments/stripe-webhook: Stripe's signed event deliveries. The raw body is verified
 * with STRIPE_WEBHOOK_SECRET before anything is read from it. Answers 400 for a bad signature, 200
 * for everything handled or ignored (duplicates included: confirmation is idempotent) and 500 only
 * when confirming failed unexpectedly, so that Stripe delivers again later. Never logs the body.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { payments, logger } = context;
  if (request.method !== "POST") return text("Methode niet toegestaan", 405);
  if (payments.name !== "stripe") return text("Niet gevonden", 404);
  const raw = await request.text();
  let event: PaymentEvent;
  try {
    event = await payments.parseWebhook(raw, request.headers.get("stripe-signature"));
  } catch (error) {
    logger.warn({ err: { message: (error as Error).message } }, "stripe webhook refused: bad signature");
    return text("Ongeldige handtekening", 400);
  }
  if (event.type === "ignored") return text("ok", 200);
  try {
    if (event.type === "paid") {
      const result = await confirmPayment(context, event.sessionId);
      if (!result) logger.warn({ sessionId: event.sessionId }, "stripe webhook for a session the shop does not know");
    } else {
      await closeUnpaidOrder(context, event.sessionId);
    }
  } catch (error) {
    logger.error({ err: error, sessionId: event.sessionId, type: event.type }, "stripe webhook handling failed");
    return text("Verwerken mislukt", 500);
  }
  return text("ok", 200);
}

export function loader() {
  return text("Methode niet toegestaan", 405);
}
