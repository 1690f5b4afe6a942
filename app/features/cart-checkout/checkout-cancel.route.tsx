import { useEffect } from "react";
import type { Route } from "./+types/checkout-cancel.route";
import { PaymentResult } from "~/features/payments";
import { cancelCheckout } from "./cancel-checkout.server";
import { rootOrigin } from "~/shared/page/root-data";
import { CHECKOUT_RESULT_TEXT } from "~/features/payments";
import { textParam } from "~/shared/forms/text-input";
import { pageMeta } from "~/shared/page/seo";
import { toast } from "~/shared/actions/toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Betaling geannuleerd",
    description: "Je betaling is geannuleerd; je winkelwagen is bewaard.",
    origin: rootOrigin(matches),
    path: "/checkout/cancel",
    noindex: true,
  });
}

/**
 * /checkout/cancel (spec 1 §2.13): the shopper left the payment page without paying. The signed
 * link the payment page sends them to (`?order=…&token=…`, cancel-checkout.server.ts) ends that
 * payment session and cancels the unpaid order, so its coupon is free again at once. The cart is
 * kept (never cleared here), so ordering after all is one click back to the checkout. Without a
 * valid link nothing changes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const link = { orderId: textParam(params.get("order")), token: textParam(params.get("token")) };
  if (!link.orderId && !link.token) return null;
  try {
    await cancelCheckout(context, link);
  } catch (error) {
    // The page still says what the shopper did; an order left open releases its hold after the
    // reservation time (coupons.server.ts), and the provider's expiry closes it.
    context.logger.error({ err: error, orderId: link.orderId }, "cancelling the order of a cancelled payment failed");
  }
  return null;
}

export default function CheckoutCancel() {
  useEffect(() => {
    toast.info(CHECKOUT_RESULT_TEXT.cancelled, { description: "Je winkelwagen is bewaard.", id: "checkout-cancel" });
  }, []);
  return (
    <PaymentResult
      tone="cancelled"
      title={CHECKOUT_RESULT_TEXT.cancelled}
      actions={[
        { to: "/checkout", label: "Terug naar afrekenen", primary: true },
        { to: "/", label: "Verder winkelen" },
      ]}
    >
      <p>Je hebt de betaling afgebroken. Er is niets afgeschreven.</p>
      <p>Je winkelwagen is bewaard: je kunt zo weer verder met afrekenen.</p>
    </PaymentResult>
  );
}
