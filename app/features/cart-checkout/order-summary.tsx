import type { ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { formatEuro } from "~/shared/money/money";
import { lineProblemText, type QuoteView, type QuoteViewLine } from "./quote-view";

/** The cart lines as the server priced them; a line that cannot be sold says why. */
export function SummaryLines({ lines }: { lines: readonly QuoteViewLine[] }) {
  return (
    <ul className="divide-y divide-line" aria-label="Artikelen">
      {lines.map((line) => {
        const problem = lineProblemText(line);
        return (
          <li key={line.artNo} className="flex gap-3 py-3 text-sm">
            <div className="min-w-0 flex-1">
              {line.brand ? <p className="text-xs text-muted">{line.brand}</p> : null}
              <p className="font-medium break-words text-ink">{line.name || `Artikel ${line.artNo}`}</p>
              <p className="text-muted">
                {line.quantity} × {formatEuro(line.unitPriceCents)}
                {line.originalPriceCents != null ? (
                  <>
                    {" "}
                    <s className="text-xs">
                      <span className="sr-only">was </span>
                      {formatEuro(line.originalPriceCents)}
                    </s>
                  </>
                ) : null}
              </p>
              {problem ? (
                <p className="mt-1 flex items-center gap-1 font-medium text-danger">
                  <TriangleAlert aria-hidden className="size-4 shrink-0" />
                  {problem}
                </p>
              ) : null}
            </div>
            <p className="shrink-0 font-medium text-ink tabular-nums">
              {problem ? "–" : formatEuro(line.lineTotalCents)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Subtotal, discount, shipping, VAT per rate and total (the server's one price calculation). */
export function SummaryTotals({ quote }: { quote: QuoteView }) {
  const { totals, coupon } = quote;
  return (
    <dl className="space-y-2 text-sm">
      <Row label="Subtotaal" value={formatEuro(totals.subtotalCents)} />
      {totals.discountCents > 0 ? (
        <Row
          label={coupon?.valid ? `Korting (${coupon.code})` : "Korting"}
          value={`− ${formatEuro(totals.discountCents)}`}
          className="text-brand-700"
        />
      ) : null}
      <Row label="Verzendkosten" value={formatEuro(totals.shippingCents)} />
      <div className="flex items-baseline justify-between gap-4 border-t border-line pt-2 text-base font-semibold text-ink">
        <dt>Totaal</dt>
        <dd className="tabular-nums">{formatEuro(totals.totalCents)}</dd>
      </div>
      {totals.vat.map((v) => (
        <Row key={v.rate} label={`Waarvan btw ${v.rate}%`} value={formatEuro(v.amountCents)} className="text-muted" />
      ))}
    </dl>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div
      className={className ? `flex items-baseline justify-between gap-4 ${className}` : "flex justify-between gap-4"}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Tells the shopper what to do when the cart cannot be ordered as it is. */
export function CartProblemNotice() {
  return (
    <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-danger">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        Niet alles in je winkelwagen is nog leverbaar.{" "}
        <Link to="/cart" className="font-medium underline">
          Pas je winkelwagen aan
        </Link>{" "}
        om verder te gaan.
      </p>
    </div>
  );
}

/**
 * The side panel: the order as the server priced it, and the coupon field. `couponOnly` on the last
 * step, which shows the lines and totals itself right above the pay button (not twice on a page).
 */
export function OrderSummary({
  quote,
  failed,
  coupon,
  couponOnly = false,
}: {
  quote: QuoteView | null;
  failed: boolean;
  coupon: ReactNode;
  couponOnly?: boolean;
}) {
  if (couponOnly) {
    return (
      <section aria-labelledby="checkout-kortingscode" className="rounded-lg border border-line bg-white p-5 shadow-sm">
        <h2 id="checkout-kortingscode" className="mb-3 text-lg font-semibold text-ink">
          Heb je een kortingscode?
        </h2>
        {coupon}
      </section>
    );
  }
  return (
    <section aria-labelledby="checkout-samenvatting" className="rounded-lg border border-line bg-white p-5 shadow-sm">
      <h2 id="checkout-samenvatting" className="text-lg font-semibold text-ink">
        Overzicht van je bestelling
      </h2>
      <div aria-live="polite" aria-busy={!quote && !failed}>
        {quote ? (
          <>
            <SummaryLines lines={quote.lines} />
            {!quote.sellable ? <CartProblemNotice /> : null}
            <div className="mt-3 border-t border-line pt-3">
              <SummaryTotals quote={quote} />
            </div>
          </>
        ) : failed ? (
          <p role="alert" className="mt-3 text-sm text-danger">
            De prijzen konden niet worden opgehaald. Vernieuw de pagina om het opnieuw te proberen.
          </p>
        ) : (
          <div className="mt-3 space-y-2" role="status" aria-label="Prijzen worden berekend">
            <div className="h-4 w-3/4 animate-pulse rounded bg-surface" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-surface" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-surface" />
          </div>
        )}
      </div>
      <div className="mt-5 border-t border-line pt-4">{coupon}</div>
    </section>
  );
}
