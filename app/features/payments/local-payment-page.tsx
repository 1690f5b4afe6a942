import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { formatEuro } from "~/shared/money/money";
import {
  IDEAL_BANKS,
  LOCAL_PAYMENT_TEXT,
  type LocalPaymentErrors,
  type LocalPaymentValues,
} from "./local-payment-form";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Label } from "~/shared/ui/label";

export type LocalPaymentView = {
  shopName: string;
  amountCents: number;
  shippingCents: number;
  discountCents: number;
  lines: { name: string; description: string; quantity: number; totalCents: number }[];
  customerEmail: string;
  expiresAt: string;
};

type Result =
  { outcome: "failed" } | { outcome: "invalid"; values: LocalPaymentValues; errors: LocalPaymentErrors } | undefined;

/** The neutral frame of a payment provider's page: its own bar, the test notice, no shop layout. */
function ProviderFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100 text-ink">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <LockIcon />
            Beveiligde testbetaling
          </p>
          <p className="text-xs text-slate-500">Lokale testprovider</p>
        </div>
        {/* Inside the header landmark: content outside every landmark is missed by screen-reader navigation. */}
        <p
          role="note"
          className="border-t border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
        >
          {LOCAL_PAYMENT_TEXT.testNotice}
        </p>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-6 sm:py-10">{children}</main>
    </div>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="11" width="18" height="11" rx="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </svg>
  );
}

/** Unknown or expired session: what happened and the way back. */
export function PaymentPageMessage({ title, text, backUrl }: { title: string; text: string; backUrl: string }) {
  return (
    <ProviderFrame>
      <section className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-3 text-muted">{text}</p>
        <a href={backUrl} className={`${buttonVariants()} mt-6`}>
          Terug naar de winkel
        </a>
      </section>
    </ProviderFrame>
  );
}

function OrderSummary({ view }: { view: LocalPaymentView }) {
  return (
    <section aria-labelledby="betaling-titel" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm text-muted">Betalen aan</p>
      <h1 id="betaling-titel" className="text-lg font-bold">
        {view.shopName}
      </h1>
      <p className="mt-3 text-sm text-muted">Te betalen</p>
      <p className="text-3xl font-bold tabular-nums" data-testid="bedrag">
        {formatEuro(view.amountCents)}
      </p>
      <h2 className="mt-5 text-sm font-semibold">Bestelling</h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {view.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="block break-words">{line.name}</span>
              <span className="block text-xs text-muted">
                {`${line.description ? `${line.description} · ` : ""}aantal ${line.quantity}`}
              </span>
            </span>
            <span className="shrink-0 tabular-nums">{formatEuro(line.totalCents)}</span>
          </li>
        ))}
        {view.discountCents > 0 ? (
          <li className="flex justify-between gap-3 py-2">
            <span>Korting</span>
            <span className="shrink-0 tabular-nums">− {formatEuro(view.discountCents)}</span>
          </li>
        ) : null}
        <li className="flex justify-between gap-3 py-2">
          <span>Verzendkosten</span>
          <span className="shrink-0 tabular-nums">
            {view.shippingCents > 0 ? formatEuro(view.shippingCents) : "Gratis"}
          </span>
        </li>
        <li className="flex justify-between gap-3 py-2 font-semibold">
          <span>Totaal</span>
          <span className="shrink-0 tabular-nums">{formatEuro(view.amountCents)}</span>
        </li>
      </ul>
      <p className="mt-3 break-words text-xs text-muted">Bevestiging naar {view.customerEmail}</p>
    </section>
  );
}

const fieldClass = "grid gap-1.5";
const errorClass = "text-sm text-danger";

/**
 * The payment form: plain HTML that works without JavaScript (the bank or card field shows for
 * the chosen method through CSS :has); once hydrated a second click is ignored while it is busy.
 */
export function LocalPaymentPage({ view, result }: { view: LocalPaymentView; result: Result }) {
  const values = result?.outcome === "invalid" ? result.values : undefined;
  const errors = result?.outcome === "invalid" ? result.errors : {};
  const [busy, setBusy] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (result) alertRef.current?.focus();
  }, [result]);
  useEffect(() => {
    // Back from the next page (back/forward cache): the buttons work again.
    const reset = () => setBusy(null);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    setBusy(submitter?.value ?? "pay");
  }

  const method = values?.method ?? "ideal";
  return (
    <ProviderFrame>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] md:items-start">
        <OrderSummary view={view} />
        <section aria-labelledby="methode-titel" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="methode-titel" className="text-lg font-bold">
            Kies hoe je betaalt
          </h2>
          {result?.outcome === "failed" ? (
            <div
              ref={alertRef}
              tabIndex={-1}
              role="alert"
              className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-danger outline-none focus-visible:ring-2 focus-visible:ring-danger"
            >
              <p className="font-semibold">{LOCAL_PAYMENT_TEXT.failedTitle}</p>
              <p className="mt-1 text-sm">{LOCAL_PAYMENT_TEXT.failedText}</p>
            </div>
          ) : null}
          {result?.outcome === "invalid" ? (
            <div
              ref={alertRef}
              tabIndex={-1}
              role="alert"
              className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-danger outline-none"
            >
              {errors.bank ?? errors.cardNumber ?? errors.method}
            </div>
          ) : null}
          <form method="post" className="group mt-4 grid gap-5" onSubmit={onSubmit} noValidate>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Betaalmethode</legend>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700">
                <input
                  type="radio"
                  id="method-ideal"
                  name="method"
                  value="ideal"
                  defaultChecked={method === "ideal"}
                  className="size-4 accent-brand-700"
                />
                <span className="font-medium">iDEAL</span>
              </label>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700">
                <input
                  type="radio"
                  id="method-card"
                  name="method"
                  value="card"
                  defaultChecked={method === "card"}
                  className="size-4 accent-brand-700"
                />
                <span className="font-medium">Creditcard</span>
              </label>
            </fieldset>

            <div className={`${fieldClass} hidden group-has-[#method-ideal:checked]:grid`}>
              <Label htmlFor="bank">Bank</Label>
              <select
                id="bank"
                name="bank"
                defaultValue={values?.bank ?? ""}
                aria-invalid={errors.bank ? true : undefined}
                aria-describedby={errors.bank ? "bank-fout" : undefined}
                className="h-10 w-full rounded-md border border-line bg-white px-3 text-base aria-invalid:border-danger md:text-sm"
              >
                <option value="">{LOCAL_PAYMENT_TEXT.chooseBank}</option>
                {IDEAL_BANKS.map((bank) => (
                  <option key={bank} value={bank}>
                    {bank}
                  </option>
                ))}
              </select>
              {errors.bank ? (
                <p id="bank-fout" className={errorClass}>
                  {errors.bank}
                </p>
              ) : null}
            </div>

            <div className={`${fieldClass} hidden group-has-[#method-card:checked]:grid`}>
              <Label htmlFor="cardNumber">Kaartnummer</Label>
              <Input
                id="cardNumber"
                name="cardNumber"
                inputMode="numeric"
                autoComplete="off"
                placeholder="4242 4242 4242 4242"
                defaultValue={values?.cardNumber ?? ""}
                aria-invalid={errors.cardNumber ? true : undefined}
                aria-describedby={errors.cardNumber ? "kaart-hint kaart-fout" : "kaart-hint"}
              />
              <p id="kaart-hint" className="text-xs text-muted">
                Testkaart: 4242 4242 4242 4242. Er wordt geen echte kaart belast.
              </p>
              {errors.cardNumber ? (
                <p id="kaart-fout" className={errorClass}>
                  {errors.cardNumber}
                </p>
              ) : null}
            </div>

            <div className="grid gap-2">
              <Button type="submit" name="intent" value="pay" size="lg" aria-disabled={busy ? true : undefined}>
                {busy === "pay" ? "Bezig met betalen…" : "Betalen"}
              </Button>
              <div className="grid gap-2 sm:grid-cols-2">
                <Button
                  type="submit"
                  name="intent"
                  value="fail"
                  variant="outline"
                  aria-disabled={busy ? true : undefined}
                >
                  Betaling laten mislukken
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="cancel"
                  variant="ghost"
                  aria-disabled={busy ? true : undefined}
                >
                  Annuleren
                </Button>
              </div>
            </div>
          </form>
          <p className="mt-4 text-xs text-muted">
            Dit is een testomgeving van {view.shopName}: je kiest zelf of de betaling lukt, mislukt of wordt
            geannuleerd. Annuleren brengt je terug naar de winkel; je winkelwagen blijft bewaard.
          </p>
        </section>
      </div>
    </ProviderFrame>
  );
}
