import { data } from "react-router";
import type { Route } from "./+types/cart.route";
import { CartPage } from "./cart-page";
import { rootOrigin } from "~/shared/page/root-data";
import { parsePostedItems } from "./cart-edit";
import type { CartQuote } from "./quote";
import { quoteCart } from "./quote.server";
import { checkCoupon } from "./coupon-check.server";
import { couponFormOf } from "./coupon-check";
import { intentAction } from "~/shared/actions/intent-action.server";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Winkelwagen",
    description: "Je winkelwagen bij Trapkracht: controleer je artikelen, verzendkosten en totaal en reken af.",
    origin: rootOrigin(matches),
    path: "/cart",
    noindex: true,
  });
}

export type QuoteAnswer = { intent: "quote"; quote: CartQuote } | { intent: "quote-failed"; message: string };

/**
 * The cart lives in the browser (localStorage), so the page asks its own action for the prices:
 * intent "quote" posts ArtNo and quantity per line (anything else posted is ignored) and gets the
 * server's quote; intent "coupon" is the coupon field's check (rate-limited per IP), for any page
 * that shows the field (the checkout's side panel has its own action doing the same).
 */
export const action = intentAction()({
  intents: (intent) => ({
    coupon: intent({
      run: async (_input, { context, form }) => {
        const { check, status } = await checkCoupon(context.db, context, couponFormOf(form), {
          clientIp: context.clientIp,
        });
        return data(check, { status });
      },
    }),
    // No coupon here: every code tried must go through the rate-limited coupon check.
    quote: intent({
      run: async (_input, { context, form }) => {
        const quote = await quoteCart(context.db, { items: parsePostedItems(form.get("items")) });
        return data<QuoteAnswer>({ intent: "quote", quote });
      },
    }),
  }),
  unknown: () => data({ intent: "unknown" as const }, { status: 400 }),
  logMessage: "cart quote failed",
  // An answer, not a thrown error: the page keeps the cart and offers to try again.
  failed: () =>
    data<QuoteAnswer>(
      { intent: "quote-failed", message: "De prijzen konden niet worden opgehaald. Probeer het opnieuw." },
      { status: 500 },
    ),
});

export default function Cart() {
  return <CartPage />;
}
