import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout.route";
import { CheckoutPage, type CheckoutActionData } from "./checkout-page";
import type { QuoteView } from "./quote-view";
import { rootOrigin } from "~/shared/page/root-data";
import { getProfile } from "~/features/accounts/index.server";
import { getViewer } from "~/features/accounts/index.server";
import { defaultAddressOf } from "./addresses.server";
import {
  CHECKOUT_TEXT,
  checkoutValuesFrom,
  EMPTY_CHECKOUT_VALUES,
  isCheckoutToken,
  checkoutCouponCode,
  parseCartItems,
  validateCustomer,
  validateShipping,
  type CheckoutValues,
} from "./checkout-schema";
import { placeOrder } from "./place-order.server";
import { quoteCart } from "./quote.server";
import { checkCoupon, COUPON_RATE_LIMIT } from "./coupon-check.server";
import { couponFormOf } from "./coupon-check";
import { COUPON_MESSAGES } from "~/features/coupons";
import { hitRateLimit } from "~/shared/security/rate-limit.server";
import { intentAction } from "~/shared/actions/intent-action.server";
import { pageMeta } from "~/shared/page/seo";

/** The checkout has its own header and footer, without the shop's menus (see _shop.tsx). */
export const handle = { checkout: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Afrekenen",
    description: "Rond je bestelling bij Trapkracht af.",
    origin: rootOrigin(matches),
    path: "/checkout",
    noindex: true,
  });
}

// Every render mints its own checkout token: never serve one page to two visitors from a cache.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  // A Strava account without a confirmed address cannot receive its order confirmation.
  if (viewer?.needsEmail) throw redirect("/auth/email");
  let prefill: CheckoutValues = EMPTY_CHECKOUT_VALUES;
  if (viewer) {
    const [profile, address] = await Promise.all([
      getProfile(context.db, viewer),
      defaultAddressOf(context.db, viewer.id),
    ]);
    prefill = {
      ...prefill,
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: viewer.email,
      phone: profile.phone,
      ...(address
        ? {
            address: address.address,
            houseNumber: address.houseNumber,
            houseNumberAddition: address.houseNumberAddition ?? "",
            postalCode: address.postalCode,
            city: address.city,
          }
        : {}),
    };
  }
  return { signedIn: viewer !== null, prefill, checkoutToken: crypto.randomUUID() };
}

/**
 * The side panel's figures: the server's prices for the posted ArtNo + quantity, with the coupon the
 * shopper applied. Every quote that names a coupon counts against the coupon check's rate limit, so
 * this is no way around it for guessing codes; past the limit the cart is priced without the coupon.
 */
async function quote(context: Route.ActionArgs["context"], form: FormData): Promise<QuoteView | null> {
  const items = parseCartItems(form.get("items"));
  if (!items) return null;
  const couponCode = checkoutCouponCode(form.get("couponCode"));
  const allowed =
    couponCode === null ||
    (await hitRateLimit(context.db, { key: `coupon:ip:${context.clientIp}`, ...COUPON_RATE_LIMIT })).allowed;
  const result = await quoteCart(context.db, { items, couponCode: allowed ? couponCode : null });
  const coupon =
    result.coupon ??
    (couponCode && !allowed
      ? { code: couponCode, valid: false, discountCents: 0, message: COUPON_MESSAGES.tooMany }
      : null);
  return {
    lines: result.lines,
    totals: result.totals,
    coupon: coupon
      ? { code: coupon.code, valid: coupon.valid, discountCents: coupon.discountCents, message: coupon.message }
      : null,
    sellable: result.sellable,
  };
}

/** Moving between the steps without JavaScript: the form as typed, the step it asked for. */
const stepTo = (step: 1 | 2) => ({
  run: (_input: undefined, { base }: { base: CheckoutBase }) =>
    data<CheckoutActionData>({ intent: "step", ...base, step, errors: {} }),
});

type CheckoutBase = Pick<CheckoutActionData, "values" | "checkoutToken" | "couponCode">;

export const action = intentAction()({
  prepare: async ({ request, context, form }) => {
    const viewer = await getViewer(request, context);
    const values = checkoutValuesFrom(form);
    if (viewer) values.email = viewer.email;
    const token = form.get("checkoutToken");
    const checkoutToken = isCheckoutToken(token) ? token : crypto.randomUUID();
    const base: CheckoutBase = { values, checkoutToken, couponCode: checkoutCouponCode(form.get("couponCode")) ?? "" };
    return { viewer, values, base };
  },
  intents: (intent) => ({
    quote: intent({
      run: async (_input, { context, form }) => {
        try {
          const view = await quote(context, form);
          if (!view) return data({ intent: "quote" as const, quote: null }, { status: 400 });
          return data({ intent: "quote" as const, quote: view });
        } catch (error) {
          context.logger.error({ err: error }, "checkout quote failed");
          return data({ intent: "quote" as const, quote: null, failed: true }, { status: 500 });
        }
      },
    }),
    // The coupon field: the shared, rate-limited coupon check (the cart page's too).
    coupon: intent({
      run: async (_input, { context, form }) => {
        const { check, status } = await checkCoupon(context.db, context, couponFormOf(form), {
          clientIp: context.clientIp,
        });
        return data(check, { status });
      },
    }),
    // Without JavaScript every step is a form post; the server checks it and shows the next one.
    customer: intent({
      run: (_input, { values, base }) => {
        const checked = validateCustomer(values);
        return data<CheckoutActionData>(
          { intent: "step", ...base, step: checked.ok ? 2 : 1, errors: checked.ok ? {} : checked.errors },
          { status: checked.ok ? 200 : 400 },
        );
      },
    }),
    shipping: intent({
      run: (_input, { values, base }) => {
        const checked = validateShipping(values);
        return data<CheckoutActionData>(
          { intent: "step", ...base, step: checked.ok ? 3 : 2, errors: checked.ok ? {} : checked.errors },
          { status: checked.ok ? 200 : 400 },
        );
      },
    }),
    "back-1": intent(stepTo(1)),
    "back-2": intent(stepTo(2)),
    place: intent({
      run: async (_input, { context, form, viewer, values, base }) => {
        const result = await placeOrder(
          context.db,
          context,
          {
            viewer,
            values,
            items: form.get("items"),
            couponCode: form.get("couponCode"),
            checkoutToken: form.get("checkoutToken"),
          },
          { clientIp: context.clientIp },
        );
        // 303: the browser follows with a GET to the payment page, whatever the method was.
        if (result.ok) return redirect(result.redirectUrl, 303);
        return data<CheckoutActionData>(
          {
            intent: "step",
            ...base,
            step: result.step ?? 3,
            errors: result.errors ?? {},
            formError: { title: result.title, message: result.message },
          },
          // A refusal the shopper resolves on the page (details, cart, coupon) is an answer, not an
          // error: 200, as the login dialog does, so the browser logs no failed request. The limit and
          // failures on our side keep their status.
          { status: result.status < 429 ? 200 : result.status },
        );
      },
    }),
  }),
  unknown: ({ base }) =>
    data<CheckoutActionData>(
      {
        intent: "step",
        ...base,
        step: 1,
        errors: {},
        formError: { title: CHECKOUT_TEXT.unexpected, message: CHECKOUT_TEXT.tryAgain },
      },
      { status: 400 },
    ),
});

/** The intents whose answer changes no loader data. */
const KEEPS_PAGE = new Set(["quote", "coupon"]);

/** Quotes and coupon checks change no loader data: keep the page (and its checkout token) as it is. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: {
  formData?: FormData;
  defaultShouldRevalidate: boolean;
}) {
  if (KEEPS_PAGE.has(String(formData?.get("intent")))) return false;
  return defaultShouldRevalidate;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const stepData = actionData && actionData.intent === "step" ? (actionData as CheckoutActionData) : undefined;
  return (
    <CheckoutPage
      signedIn={loaderData.signedIn}
      prefill={loaderData.prefill}
      checkoutToken={loaderData.checkoutToken}
      result={stepData}
    />
  );
}
