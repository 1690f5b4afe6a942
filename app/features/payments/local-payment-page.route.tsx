import { data, redirect, type AppLoadContext } from "react-router";
import type { Route } from "./+types/local-payment-page.route";
import { LocalPaymentPage, PaymentPageMessage, type LocalPaymentView } from "./local-payment-page";
import { closeUnpaidOrder, confirmPayment } from "~/features/orders/index.server";
import {
  checkLocalPayment,
  LOCAL_PAYMENT_TEXT,
  localPaymentValuesFrom,
  type LocalPaymentErrors,
  type LocalPaymentValues,
} from "./local-payment-form";
import {
  effectiveStatus,
  fillSessionId,
  getLocalSession,
  payLocalSession,
  type LocalSession,
} from "./local-provider.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";
import { SHOP_NAME } from "~/shared/page/seo";

/**
 * /betaalpagina/:sessionId — the local test provider's hosted payment page, standing in for Stripe
 * Checkout: pay (iDEAL with a bank, or the test card), fail, or cancel; afterwards the shopper is
 * sent to the shop's success or cancel URL exactly as Stripe would.
 */

export function meta() {
  return [{ title: `Betalen | ${SHOP_NAME} (testbetaalpagina)` }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store" };

type Unavailable = { state: "unknown" } | { state: "expired"; backUrl: string };

function viewOf(session: LocalSession): LocalPaymentView {
  return {
    shopName: SHOP_NAME,
    amountCents: session.amountTotalCents,
    shippingCents: session.shippingCents,
    discountCents: session.discountCents,
    lines: session.lines.map((line) => ({
      name: line.name,
      description: line.description,
      quantity: line.quantity,
      totalCents: line.unitAmountCents * line.quantity,
    })),
    customerEmail: session.customerEmail,
    expiresAt: session.expiresAt.toISOString(),
  };
}

async function loadSession(context: Route.LoaderArgs["context"], sessionId: string) {
  // The page exists only while the local provider is the configured one (never next to Stripe).
  if (context.payments.name !== "local") throw data("Niet gevonden", { status: 404 });
  return getLocalSession(context.db, sessionId);
}

/** An expired session will never be paid: its order is closed (stays unpaid) and the shopper told so. */
async function expired(context: Route.LoaderArgs["context"], session: LocalSession) {
  try {
    await closeUnpaidOrder(context, session.id);
  } catch (error) {
    context.logger.error({ err: error, sessionId: session.id }, "closing the order of an expired session failed");
  }
  return data<Unavailable>({ state: "expired", backUrl: session.cancelUrl }, { status: 410, headers: NO_STORE });
}

/** Paid: confirm the order server-side (the webhook of this provider), then back to the shop. */
async function toSuccess(context: Route.LoaderArgs["context"], session: LocalSession) {
  try {
    await confirmPayment(context, session.id);
  } catch (error) {
    // The success page asks again; a paid session is never lost.
    context.logger.error({ err: error, sessionId: session.id }, "confirming a local payment failed");
  }
  return redirect(fillSessionId(session.successUrl, session.id), { headers: NO_STORE });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await loadSession(context, params.sessionId);
  if (!session) return data<Unavailable>({ state: "unknown" }, { status: 404, headers: NO_STORE });
  // A reload after paying (or a browser that lost the redirect) goes on to the shop.
  if (session.paid) return toSuccess(context, session);
  if (effectiveStatus(session) === "expired") return expired(context, session);
  return data({ state: "open" as const, view: viewOf(session) }, { headers: NO_STORE });
}

export type LocalPaymentActionData =
  { outcome: "failed" } | { outcome: "invalid"; values: LocalPaymentValues; errors: LocalPaymentErrors };

/** Pay with the method and bank chosen; the default of the form (Enter in a field) pays too. */
async function pay({ form, context, session }: { form: FormData; context: AppLoadContext; session: LocalSession }) {
  const values = localPaymentValuesFrom(form);
  const checked = checkLocalPayment(values);
  if (!checked.ok) {
    return data<LocalPaymentActionData>(
      { outcome: "invalid", values, errors: checked.errors },
      { status: 400, headers: NO_STORE },
    );
  }
  const paid = await payLocalSession(context.db, session.id, { method: checked.method, bank: checked.bank });
  if (!paid) return expired(context, session);
  return toSuccess(context, paid);
}

export const action = intentAction<{ sessionId: string }>()({
  // Only an open session can be paid, failed or cancelled; a paid or expired one says so whatever was posted.
  prepare: async ({ context, params }) => {
    const session = await loadSession(context, params.sessionId);
    if (!session) return refuse(data<Unavailable>({ state: "unknown" }, { status: 404, headers: NO_STORE }));
    if (session.paid) return refuse(await toSuccess(context, session));
    if (effectiveStatus(session) === "expired") return refuse(await expired(context, session));
    return { session };
  },
  intents: (intent) => ({
    cancel: intent({
      run: (_input, { session }) => redirect(fillSessionId(session.cancelUrl, session.id), { headers: NO_STORE }),
    }),
    fail: intent({
      run: (_input, { context, session }) => {
        context.logger.info({ sessionId: session.id }, "local test payment failed on request");
        return data<LocalPaymentActionData>({ outcome: "failed" }, { status: 402, headers: NO_STORE });
      },
    }),
    pay: intent({ run: (_input, ctx) => pay(ctx) }),
  }),
  unknown: pay,
});

export default function LocalPaymentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData && "state" in actionData ? actionData : loaderData;
  if (page.state === "unknown") {
    return (
      <PaymentPageMessage title={LOCAL_PAYMENT_TEXT.unknownTitle} text={LOCAL_PAYMENT_TEXT.unknownText} backUrl="/" />
    );
  }
  if (page.state === "expired") {
    return (
      <PaymentPageMessage
        title={LOCAL_PAYMENT_TEXT.expiredTitle}
        text={LOCAL_PAYMENT_TEXT.expiredText}
        backUrl={page.backUrl}
      />
    );
  }
  const result = actionData && "outcome" in actionData ? actionData : undefined;
  return <LocalPaymentPage view={page.view} result={result} />;
}
