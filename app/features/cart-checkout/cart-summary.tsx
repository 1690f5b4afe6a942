import type { ReactNode } from "react";
import type { CartQuote } from "./quote";
import { formatEuro } from "~/shared/money/money";

/** "Nog €X te besteden voor gratis verzending" (spec 1 §2.12), shown until the threshold is reached. */
export function freeShippingHint(remainingCents: number): string {
  return `Nog ${formatEuro(remainingCents)} te besteden voor gratis verzending`;
}

/**
 * The order summary of cart and checkout, all figures from the server's quote: subtotal, discount,
 * shipping, total and the VAT included per rate. `busy` while a newer quote is on its way.
 */
export function CartSummary({ quote, busy, children }: { quote: CartQuote; busy: boolean; children?: ReactNode }) {
  const { totals, coupon } = quote;
  return (
    <section
      aria-labelledby="cart-summary-title"
      aria-busy={busy}
      className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5"
    >
      <h2 id="cart-summary-title" className="flex items-baseline justify-between gap-2 text-lg font-semibold">
        Overzicht
        {/* Not a faded list while it recalculates: faded text is unreadable for some (contrast). */}
        {busy ? <span className="text-xs font-normal text-muted">Bijwerken…</span> : null}
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <Row label="Subtotaal" value={formatEuro(totals.subtotalCents)} />
        {totals.discountCents > 0 ? (
          <Row
            label={coupon?.code ? `Korting (${coupon.code})` : "Korting"}
            value={`− ${formatEuro(totals.discountCents)}`}
            className="text-brand-700"
          />
        ) : null}
        <Row label="Verzendkosten" value={totals.shippingCents === 0 ? "Gratis" : formatEuro(totals.shippingCents)} />
        <div className="mt-1 flex items-baseline justify-between border-t border-line pt-3 text-base font-bold">
          <dt>Totaal</dt>
          <dd className="tabular-nums">{formatEuro(totals.totalCents)}</dd>
        </div>
        {totals.vat.map((v) => (
          <Row key={v.rate} label={`Btw ${v.rate}%`} value={formatEuro(v.amountCents)} className="text-muted" />
        ))}
      </dl>
      {totals.vat.length > 0 ? <p className="-mt-2 text-xs text-muted">Alle bedragen zijn inclusief btw.</p> : null}
      {totals.freeShippingRemainingCents > 0 ? (
        <FreeShippingHint
          remainingCents={totals.freeShippingRemainingCents}
          totalsGoods={totals.subtotalCents - totals.discountCents}
        />
      ) : null}
      {children}
    </section>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div
      className={
        className
          ? `flex items-baseline justify-between gap-4 ${className}`
          : "flex items-baseline justify-between gap-4"
      }
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function FreeShippingHint({ remainingCents, totalsGoods }: { remainingCents: number; totalsGoods: number }) {
  const threshold = remainingCents + totalsGoods;
  const percent = threshold > 0 ? Math.min(100, Math.round((totalsGoods / threshold) * 100)) : 0;
  return (
    <div className="flex flex-col gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
      <p>{freeShippingHint(remainingCents)}</p>
      <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-brand-100">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
