import { Link } from "react-router";
import { ChevronDown } from "~/shared/ui/icons";
import { formatEuro } from "~/shared/money/money";
import { formatOrderDate } from "./order-labels";
import { orderTotalRows, type OrderMoney } from "./order-summary";
import { invoiceLabel } from "./invoice-number";
import { shortOrderId } from "./short-id";
import { WITHDRAWAL_TEXT, withdrawalWindow } from "./withdrawal";
import { OrderStatusDot, PaymentBadge } from "./order-status";

export type OrderListItem = {
  id: string;
  createdAt: Date;
  totalCents: number;
  status: string;
  paymentStatus: string;
  items: Array<{ id: number; productName: string; priceCents: number; quantity: number }>;
  money: OrderMoney;
  deliveryAddress: string[];
  paidAt: Date | null;
  completedAt: Date | null;
  refundedCents: number;
  invoices: { number: number; kind: "invoice" | "credit" }[];
  trackingUrl: string | null;
};

/**
 * The shopper's orders, newest first (spec 1 §2.11). Each is a native disclosure: keyboard-operable
 * and announced as expandable without any script, and it works before the page has hydrated.
 */
export function OrderList({ orders }: { orders: OrderListItem[] }) {
  if (orders.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-line bg-surface px-6 py-12 text-center">
        <p className="text-lg font-semibold text-ink">Geen bestellingen gevonden</p>
        <p className="mt-2 text-sm text-muted">Zodra je iets bestelt, zie je het hier terug.</p>
        <Link to="/" className="mt-5 inline-block text-sm font-medium text-brand-700 underline">
          Verder winkelen
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Bestellingen" className="space-y-3">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderDisclosure order={order} />
        </li>
      ))}
    </ul>
  );
}

/** One order as a disclosure; `open` for a page about just this order (the guest order page). */
export function OrderDisclosure({ order, open = false }: { order: OrderListItem; open?: boolean }) {
  const shortId = shortOrderId(order.id);
  return (
    <details open={open} className="group rounded-lg border border-line bg-white shadow-sm open:shadow">
      {/* Phones: number, date and total on top, the two states below; wider screens: one row. */}
      <summary className="grid cursor-pointer list-none grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-2 rounded-lg p-4 hover:bg-surface sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:gap-x-4 [&::-webkit-details-marker]:hidden">
        <span className="col-start-1 row-start-1 flex min-w-0 flex-col">
          <span className="font-semibold text-ink">
            Bestelling <span className="font-mono">{`#${shortId}`}</span>
          </span>
          <span className="text-sm text-muted">
            <time dateTime={order.createdAt.toISOString()}>{formatOrderDate(order.createdAt)}</time>
          </span>
        </span>
        <span className="col-span-3 row-start-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:justify-end">
          <PaymentBadge status={order.paymentStatus} refundedCents={order.refundedCents} />
          <OrderStatusDot status={order.status} />
        </span>
        <span className="col-start-2 row-start-1 text-right font-semibold text-ink tabular-nums sm:col-start-3 sm:min-w-24">
          {formatEuro(order.totalCents)}
        </span>
        <ChevronDown
          aria-hidden
          className="col-start-3 row-start-1 size-5 text-muted transition-transform group-open:rotate-180 sm:col-start-4"
        />
      </summary>
      <div className="border-t border-line px-4 py-3">
        {order.items.length === 0 ? (
          <p className="text-sm text-muted">Geen artikelen bij deze bestelling.</p>
        ) : (
          <ul aria-label={`Artikelen van bestelling ${shortId}`} className="divide-y divide-line">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-baseline justify-between gap-4 py-2 text-sm">
                <span className="min-w-0 text-ink">
                  {`${item.productName} × ${item.quantity}`}
                  {item.quantity > 1 ? (
                    <span className="block text-xs text-muted">{`${formatEuro(item.priceCents)} per stuk`}</span>
                  ) : null}
                </span>
                <span className="shrink-0 text-ink tabular-nums">{formatEuro(item.priceCents * item.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
        <dl aria-label={`Bedragen van bestelling ${shortId}`} className="mt-2 border-t border-line pt-3 text-sm">
          {orderTotalRows(order.money).map((row) => (
            <div
              key={row.label}
              className={
                row.strong
                  ? "flex justify-between py-0.5 font-semibold text-ink"
                  : row.label.startsWith("Waarvan")
                    ? "flex justify-between py-0.5 text-xs text-muted"
                    : "flex justify-between py-0.5 text-ink"
              }
            >
              <dt>{row.label}</dt>
              <dd className="tabular-nums">{row.value}</dd>
            </div>
          ))}
          {order.refundedCents > 0 ? (
            <div className="flex justify-between py-0.5 font-medium text-brand-800">
              <dt>Terugbetaald</dt>
              <dd className="tabular-nums">{`− ${formatEuro(order.refundedCents)}`}</dd>
            </div>
          ) : null}
        </dl>
        {order.trackingUrl ? (
          <p className="mt-3 border-t border-line pt-3 text-sm">
            <a
              href={order.trackingUrl}
              className="font-medium text-brand-700 underline"
              rel="noopener noreferrer"
              target="_blank"
            >
              Volg je pakket
            </a>
          </p>
        ) : null}
        {order.invoices.length > 0 ? (
          <ul
            aria-label={`Facturen van bestelling ${shortId}`}
            className="mt-3 flex flex-wrap gap-x-4 gap-y-1 border-t border-line pt-3 text-sm"
          >
            {order.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a href={`/factuur/${invoice.number}`} className="font-medium text-brand-700 underline" download>
                  {`${invoiceLabel(invoice)} (PDF)`}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <WithdrawalLink order={order} />
        <div className="mt-3 border-t border-line pt-3 text-sm">
          <h3 className="font-semibold text-ink">Bezorgadres</h3>
          <address className="mt-1 text-muted not-italic">
            {order.deliveryAddress.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      </div>
    </details>
  );
}

/** "Bestelling herroepen" while the 14-day period runs (issue 11); the page itself checks again. */
function WithdrawalLink({ order }: { order: OrderListItem }) {
  const window = withdrawalWindow(order);
  if (!window.open) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3 text-sm">
      <span className="text-muted">Bedenktijd tot {formatOrderDate(window.endsAt)}</span>
      <Link
        to={`/herroepen/${order.id}`}
        className="inline-flex h-9 items-center rounded-md border border-line bg-white px-3 font-medium text-ink hover:bg-surface"
      >
        {WITHDRAWAL_TEXT.button}
      </Link>
    </div>
  );
}
