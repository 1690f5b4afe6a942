import { useEffect } from "react";
import type { Route } from "./+types/checkout.cancel";
import { PaymentResult } from "~/components/payment/payment-result";
import { rootOrigin } from "~/lib/root-data";
import { CHECKOUT_RESULT_TEXT } from "~/domain/payments/checkout-result";
import { pageMeta } from "~/lib/seo";
import { toast } from "~/lib/toast";

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
 * /checkout/cancel (spec 1 §2.13): the shopper left the payment page without paying. Nothing
 * changes: the order stays unpaid and the cart is kept (never cleared here), so paying later is
 * one click back to the checkout.
 */
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
