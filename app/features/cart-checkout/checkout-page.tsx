import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import { ShoppingCart, TriangleAlert } from "lucide-react";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { Button } from "~/shared/ui/button";
import { applyQuote } from "./cart-edit";
import { cartStore, useCartItems } from "./cart-store";
import {
  CHECKOUT_TEXT,
  CUSTOMER_FIELDS,
  fieldError,
  SHIPPING_FIELDS,
  validateCustomer,
  validateShipping,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutStep,
  type CheckoutValues,
} from "./checkout-schema";
import type { QuoteView } from "./quote-view";
import { toast } from "~/shared/actions/toast";
import { CheckoutCoupon } from "./checkout-coupon";
import { CheckoutProgress } from "./checkout-progress";
import { CustomerStep, ReviewStep, ShippingStep, STEP_HEADING_ID, type Wizard } from "./checkout-steps";
import { fieldId } from "./checkout-field";
import { clearCheckoutDraft, restoreCheckoutDraft, saveCheckoutDraft } from "./checkout-draft";
import { OrderSummary } from "./order-summary";

/** What the action answers to a step post (no JavaScript) or a refused order. */
export type CheckoutActionData = {
  intent: "step";
  values: CheckoutValues;
  checkoutToken: string;
  couponCode: string;
  step: CheckoutStep;
  errors: CheckoutErrors;
  formError?: { title: string; message: string };
};

type QuoteAnswer = { quote: QuoteView | null; failed?: boolean };

/**
 * The checkout wizard of spec 1 §2.13/§4: three steps in client state with validation on blur, each
 * step also a real form post (see CarriedFields), the final one always a real POST to the action,
 * which places the order and redirects to the payment page. The cart lives in localStorage; the
 * server prices it (ArtNo + quantity are all it receives).
 */
export function CheckoutPage({
  signedIn,
  prefill,
  checkoutToken,
  result,
}: {
  signedIn: boolean;
  prefill: CheckoutValues;
  checkoutToken: string;
  result: CheckoutActionData | undefined;
}) {
  const hydrated = useHydrated();
  const items = useCartItems();
  // The final submit is a document POST (like leaving for Stripe), so its busy state is ours.
  const [placing, setPlacing] = useState(false);
  useEffect(() => {
    // Back from the payment page out of the browser's page cache: the button works again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPlacing(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  // One token for the life of this page: a retry after an error, or a second click, is the same order.
  const [token] = useState(() => result?.checkoutToken ?? checkoutToken);
  const [step, setStep] = useState<CheckoutStep>(result?.step ?? 1);
  const [values, setValues] = useState<CheckoutValues>(result?.values ?? prefill);
  const [errors, setErrors] = useState<CheckoutErrors>(result?.errors ?? {});
  const [couponCode, setCouponCode] = useState(result?.couponCode ?? "");
  const [moves, setMoves] = useState(0);

  // A new answer from the server (a refused order, or a step posted without JavaScript) takes over
  // the wizard's state (adjusted while rendering, as React recommends for state derived from props).
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result) {
      setStep(result.step);
      setValues(result.values);
      setErrors(result.errors);
    }
  }
  // A reload keeps what was typed (sessionStorage, this tab only) until the order is placed. Read
  // once hydrated (the server cannot see it), adjusting state while rendering as for `result`.
  const [draftRestored, setDraftRestored] = useState(false);
  if (hydrated && !draftRestored) {
    setDraftRestored(true);
    // A server answer is newer than any draft.
    const draft = result ? null : restoreCheckoutDraft(prefill, { keepEmail: signedIn });
    if (draft) {
      setValues(draft.values);
      setStep(draft.step);
      if (draft.couponCode) setCouponCode(draft.couponCode);
    }
  }
  useEffect(() => {
    if (draftRestored && !placing) saveCheckoutDraft({ step, values, couponCode });
  }, [draftRestored, placing, step, values, couponCode]);

  useEffect(() => {
    if (result?.formError) {
      toast.error(result.formError.title, { description: result.formError.message, id: "bestelling-fout" });
    }
  }, [result]);

  // Focus follows the step change, so a screen reader announces where the shopper is now.
  useEffect(() => {
    if (moves === 0) return;
    document.getElementById(STEP_HEADING_ID)?.focus();
    window.scrollTo({ top: 0 });
  }, [moves]);

  const itemsJson = JSON.stringify(items.map((i) => ({ artNo: i.ArtNo, quantity: i.quantity })));
  const quoteFetcher = useFetcher<QuoteAnswer>();
  const submitQuote = quoteFetcher.submit;
  useEffect(() => {
    if (!hydrated || items.length === 0) return;
    void submitQuote({ intent: "quote", items: itemsJson, couponCode }, { method: "post" });
    // items is represented by itemsJson
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, itemsJson, couponCode, submitQuote]);
  const quote = quoteFetcher.data?.quote ?? null;
  // The stored cart takes over the server's prices and clamped quantities (header badge, cart page).
  useEffect(() => {
    if (!quote) return;
    const current = cartStore.getItems();
    const next = applyQuote(current, quote.lines);
    if (next !== current) cartStore.set([...next]);
  }, [quote]);
  const quoteFailed = quoteFetcher.state === "idle" && quoteFetcher.data != null && !quoteFetcher.data.quote;

  const goTo = (next: CheckoutStep) => {
    setStep(next);
    setMoves((n) => n + 1);
  };

  const setValue = useCallback((field: CheckoutField, value: string) => {
    setValues((prev) => {
      const next = { ...prev, [field]: value };
      // A shown message follows the typing, so it disappears as soon as the field is right.
      setErrors((errs) => {
        const updated = { ...errs };
        if (errs[field]) updated[field] = fieldError(next, field);
        if (field === "createAccount" && value !== "on") delete updated.password;
        return updated;
      });
      return next;
    });
  }, []);

  const wizard: Wizard = {
    values,
    errors,
    signedIn,
    checkoutToken: token,
    itemsJson,
    couponCode,
    setValue,
    blur: (field) => setErrors((errs) => ({ ...errs, [field]: fieldError(values, field) })),
    back: goTo,
  };

  const stepSubmit =
    (
      fields: readonly CheckoutField[],
      validate: typeof validateCustomer | typeof validateShipping,
      next: CheckoutStep,
    ) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const checked = validate(values);
      const stepErrors: CheckoutErrors = {};
      if (!checked.ok) for (const f of fields) if (checked.errors[f]) stepErrors[f] = checked.errors[f];
      setErrors((errs) => ({ ...errs, ...Object.fromEntries(fields.map((f) => [f, stepErrors[f]])) }));
      const first = fields.find((f) => stepErrors[f]);
      if (first) {
        document.getElementById(fieldId(first))?.focus();
        return;
      }
      goTo(next);
    };

  const placeSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (placing || !quote?.sellable) {
      event.preventDefault();
      return;
    }
    setPlacing(true);
    clearCheckoutDraft();
  };

  if (hydrated && items.length === 0) {
    return (
      <Shell>
        <div className="mx-auto max-w-md rounded-lg border border-line bg-white p-8 text-center shadow-sm">
          <ShoppingCart aria-hidden className="mx-auto size-10 text-muted" />
          <p className="mt-4 text-lg font-semibold text-ink">{CHECKOUT_TEXT.emptyCart}</p>
          <p className="mt-1 text-sm text-muted">Voeg eerst producten toe om af te rekenen.</p>
          <Button asChild className="mt-6">
            <Link to="/products">Bekijk producten</Link>
          </Button>
        </div>
      </Shell>
    );
  }

  const appliedCoupon = couponCode
    ? quote?.coupon && quote.coupon.code === couponCode
      ? quote.coupon
      : { code: couponCode, valid: true, message: "" }
    : null;

  return (
    <Shell>
      <noscript>
        <p className="mb-6 rounded-md border border-line bg-surface p-4 text-sm">
          Je winkelwagen staat in je browser; zet JavaScript aan om af te rekenen.
        </p>
      </noscript>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 rounded-lg border border-line bg-white p-5 shadow-sm sm:p-6">
          <CheckoutProgress step={step} />
          {result?.formError && step === result.step ? (
            <div role="alert" className="mt-6 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-semibold">{result.formError.title}</p>
                <p className="text-sm">{result.formError.message}</p>
              </div>
            </div>
          ) : null}
          <div className="mt-6">
            {step === 1 ? (
              <CustomerStep wizard={wizard} onSubmit={stepSubmit(CUSTOMER_FIELDS, validateCustomer, 2)} />
            ) : step === 2 ? (
              <ShippingStep wizard={wizard} onSubmit={stepSubmit(SHIPPING_FIELDS, validateShipping, 3)} />
            ) : (
              <ReviewStep wizard={wizard} quote={quote} busy={placing} onSubmit={placeSubmit} />
            )}
          </div>
        </div>
        <aside aria-label="Bestelling" className="lg:sticky lg:top-24">
          <OrderSummary
            quote={quote}
            failed={quoteFailed}
            couponOnly={step === 3}
            coupon={
              <CheckoutCoupon
                // A new applied code starts the field afresh (empty input).
                key={couponCode}
                itemsJson={itemsJson}
                applied={appliedCoupon}
                onApplied={setCouponCode}
                onRemove={() => setCouponCode("")}
              />
            }
          />
        </aside>
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="mb-6 text-2xl font-bold text-ink sm:text-3xl">Afrekenen</h1>
        {children}
      </div>
    </div>
  );
}
