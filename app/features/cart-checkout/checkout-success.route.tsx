import { useEffect } from "react";
import { data, useLocation } from "react-router";
import type { Route } from "./+types/checkout-success.route";
import { PaymentResult } from "~/features/payments";
import { rootOrigin } from "~/shared/page/root-data";
import { cartStore } from "./cart-store";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { confirmPayment, PaymentVerificationError } from "~/features/orders/index.server";
import { guestOrderToken } from "~/features/shopper-orders/index.server";
import { shortOrderId } from "~/features/shopper-orders";
import { CHECKOUT_RESULT_TEXT } from "~/features/payments";
import { hitRateLimit } from "~/shared/security/rate-limit.server";
import { redirectWithFlash } from "~/shared/actions/flash.server";
import { dutchLine, specTitle } from "~/shared/language/spec-english";
import { pageMeta } from "~/shared/page/seo";
import { textParam } from "~/shared/forms/text-input";
import { toast } from "~/shared/actions/toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Bestelling geplaatst",
    description: "De bevestiging van je bestelling bij Trapkracht.",
    origin: rootOrigin(matches),
    path: "/checkout/success",
    noindex: true,
  });
}

type SuccessData =
  | { state: "paid"; orderNumber: string; orderLink: string }
  | { state: "pending"; orderNumber: string }
  | { state: "error"; toast: string; title: string; text: string };

const NO_STORE = { "Cache-Control": "no-store" };

/** Each lookup may ask the payment provider: a generous cap per address keeps guessing cheap. */
const LOOKUP_LIMIT = { limit: 60, windowSeconds: 60 };

/**
 * /checkout/success?session_id=… (spec 1 §2.13): the provider sends the shopper here after paying.
 * The page asks the provider itself (confirmPayment) and never trusts the URL; the webhook may have
 * confirmed the order already, or may do so later.
 */
/** The spec's English title with its Dutch words (ADR 0039), on the home page the shopper is sent to. */
const INVALID_SESSION = {
  kind: "error",
  title: CHECKOUT_RESULT_TEXT.invalidSession,
  description: dutchLine(CHECKOUT_RESULT_TEXT.invalidSession),
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = textParam(new URL(request.url).searchParams.get("session_id"))?.trim() ?? "";
  if (!sessionId) return redirectWithFlash(context.config, "/", INVALID_SESSION);
  const error = (state: keyof typeof ERRORS, status: number) =>
    data<SuccessData>({ state: "error", ...ERRORS[state] }, { status, headers: NO_STORE });
  try {
    const limit = await hitRateLimit(context.db, { key: `checkout-success:ip:${context.clientIp}`, ...LOOKUP_LIMIT });
    if (!limit.allowed) return error("unverified", 429);
    const result = await confirmPayment(context, sessionId);
    if (!result) return redirectWithFlash(context.config, "/", INVALID_SESSION);
    const orderNumber = shortOrderId(result.orderId);
    if (result.outcome === "paid") {
      // Signed in or not, the order's own page opens with this link (a guest has no /orders).
      const orderLink = `/bestelling?code=${encodeURIComponent(guestOrderToken(context.config.authSecret ?? "", result.orderId))}`;
      return data<SuccessData>({ state: "paid", orderNumber, orderLink }, { headers: NO_STORE });
    }
    if (result.outcome === "pending")
      return data<SuccessData>({ state: "pending", orderNumber }, { headers: NO_STORE });
    return error("failed", 402);
  } catch (err) {
    if (err instanceof PaymentVerificationError) {
      context.logger.error({ err }, "payment provider unreachable on the success page");
      return error("unverified", 502);
    }
    context.logger.error({ err }, "confirming the order on the success page failed");
    // An unreachable or timed-out database is "try again shortly" (docs/operations.md), not broken.
    return error("processing", isDatabaseUnavailable(err) ? 503 : 500);
  }
}

const ERRORS = {
  unverified: {
    toast: CHECKOUT_RESULT_TEXT.couldNotVerify,
    title: "We konden je betaling nog niet controleren",
    text: "Er is niets misgegaan met je geld. Vernieuw deze pagina over een minuut; je krijgt een e-mail zodra je betaling binnen is.",
  },
  failed: {
    toast: CHECKOUT_RESULT_TEXT.verificationFailed,
    title: "Je betaling is niet gelukt",
    text: "De betaling is verlopen of niet voltooid, dus je bestelling is niet betaald. Je winkelwagen is bewaard: reken opnieuw af om te bestellen.",
  },
  processing: {
    toast: CHECKOUT_RESULT_TEXT.processingError,
    title: "Er ging iets mis bij het verwerken",
    text: "Heb je betaald? Dan raakt je bestelling niet kwijt: we verwerken hem zodra het weer lukt en sturen je een bevestiging per e-mail. Vernieuw deze pagina over een minuut.",
  },
} as const;

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const state = loaderData.state;
  const message = state === "error" ? loaderData.toast : null;
  const location = useLocation();

  useEffect(() => {
    if (state !== "paid") return;
    // Paid: the order holds what was in the cart (spec 1 §4: verified first, then the cart is cleared).
    cartStore.clear();
    toast.success(specTitle(CHECKOUT_RESULT_TEXT.success), {
      description: CHECKOUT_RESULT_TEXT.placed,
      id: "checkout-success",
    });
  }, [state]);
  useEffect(() => {
    if (message) toast.error(specTitle(message), { description: dutchLine(message), id: "checkout-success-error" });
  }, [message]);

  if (loaderData.state === "paid") {
    return (
      <PaymentResult
        tone="success"
        title="Bedankt voor je bestelling!"
        actions={[
          { to: loaderData.orderLink, label: "Bekijk je bestelling", primary: true },
          { to: "/", label: "Verder winkelen" },
        ]}
      >
        <p>
          Je bestelnummer is <strong className="font-semibold text-ink">{loaderData.orderNumber}</strong>.
        </p>
        <p>We hebben je betaling ontvangen en sturen je een bevestiging per e-mail.</p>
      </PaymentResult>
    );
  }
  if (loaderData.state === "pending") {
    return (
      <PaymentResult
        tone="waiting"
        title="We wachten nog op de bevestiging van je betaling"
        actions={[
          {
            to: location.pathname + location.search,
            label: "Opnieuw controleren",
            primary: true,
            reloadDocument: true,
          },
          { to: "/", label: "Verder winkelen" },
        ]}
      >
        <p>
          Bestelnummer <strong className="font-semibold text-ink">{loaderData.orderNumber}</strong>. Je bank heeft de
          betaling nog niet bevestigd; dat duurt meestal niet lang.
        </p>
        <p>
          Zodra de betaling binnen is, sturen we je een bevestiging per e-mail. Je winkelwagen blijft tot dan bewaard.
        </p>
      </PaymentResult>
    );
  }
  return (
    <PaymentResult
      tone="error"
      title={loaderData.title}
      actions={[
        { to: "/checkout", label: "Terug naar afrekenen", primary: true },
        { to: "/", label: "Verder winkelen" },
      ]}
    >
      <p>{loaderData.text}</p>
    </PaymentResult>
  );
}
