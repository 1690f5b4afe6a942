import { X } from "lucide-react";
import { ChangeHistoryLink } from "~/features/admin-changes";
import { Dialog } from "radix-ui";
import { useRef, type ReactNode } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { invoiceLabel, shortOrderId } from "~/features/shopper-orders";
import { OrderStatusDot, PaymentBadge } from "~/features/shopper-orders/status";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Loader2 } from "~/shared/ui/icons";
import { formatEuro } from "~/shared/money/money";
import { type OrderStatus } from "~/features/orders";
import { RefundSection, type RefundFormView } from "~/features/orders/refund";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { useResultToast, type AdminActionResult } from "~/shared/admin-ui/admin-actions";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { DropshipmentProgress } from "./dropshipment-progress";

export type OrderDetailsView = {
  id: string;
  createdAt: Moment;
  status: string;
  paymentStatus: string;
  paymentProvider: string | null;
  paidAt: Moment | null;
  customer: { name: string; email: string; phone: string | null; isGuest: boolean } | null;
  address: { lines: string[] } | null;
  items: {
    id: number;
    productId: string;
    productName: string;
    priceCents: number;
    originalPriceCents: number | null;
    vatRate: number;
    quantity: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  totalCents: number;
  vatLines: { rate: number; amountCents: number }[];
  dropshipment: {
    status: string;
    reference: string | null;
    job: {
      status: string;
      attempts: number;
      maxAttempts: number;
      lastError: string | null;
      nextRunAt: Moment | null;
      history: { attempt: number; startedAt: Moment; finishedAt: Moment; error: string | null }[];
    } | null;
    canRetry: boolean;
  };
  /** The shopper's withdrawals ("herroepingen", issue 11), newest first. */
  withdrawals: {
    id: string;
    receivedAt: Moment;
    refundDueAt: Moment;
    channel: string;
    reason: string | null;
    lines: { productId: string; productName: string; quantity: number }[];
  }[];
  invoices: { number: number; kind: "invoice" | "credit" }[];
  refund: RefundFormView;
  transitions: { to: OrderStatus; label: string }[];
  changes: { id: number; at: Moment; actorEmail: string; summary: string }[];
};

/**
 * "Bestelling Details" (spec 1 §2.15) as a Radix Dialog over the order list. It is the page of the
 * child route /admin/orders/:id, so it is drawn on the server too (inline, not in a portal): the
 * link works without JavaScript and can be shared. Closing goes back to the list as it was.
 */
export function OrderDetailsDialog({
  closeTo,
  children,
  title = "Bestelling Details",
  description,
}: {
  /** The list URL (with its search and page) that closing returns to. */
  closeTo: string;
  children: ReactNode;
  title?: string;
  description?: string;
}) {
  const navigate = useNavigate();
  const close = useRef<HTMLAnchorElement>(null);
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) void navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <Dialog.Content
        // Radix focuses the first field (it skips links), which put a phone's keyboard up over the
        // order: start on the close button instead (issue 28).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          close.current?.focus();
        }}
        className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[88vh] sm:w-[calc(100vw-2rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg"
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
          <div>
            <Dialog.Title className="text-lg font-semibold" lang="nl">
              {title}
            </Dialog.Title>
            {description ? <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description> : null}
          </div>
          <Link
            ref={close}
            to={closeTo}
            preventScrollReset
            aria-label="Close"
            className="-m-1 rounded-md p-2 hover:bg-surface"
          >
            <X aria-hidden className="size-5" />
          </Link>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Block({ title, children, lang }: { title: string; children: ReactNode; lang?: string }) {
  return (
    <section className="space-y-2" lang={lang}>
      <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

export function OrderDetails({
  order,
  action,
  result,
}: {
  order: OrderDetailsView;
  /** Where this dialog's forms post (the order's own URL with the list's query). */
  action: string;
  /** The answer to a form sent without JavaScript (a fetcher's answer is a toast instead). */
  result: AdminActionResult | undefined;
}) {
  return (
    <div className="space-y-6">
      <ActionMessage result={result} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">Order</dt>
          <dd className="font-mono font-medium" title={order.id}>
            {shortOrderId(order.id)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Date</dt>
          <dd>
            <time dateTime={order.createdAt.iso}>{order.createdAt.text}</time>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Status</dt>
          <dd lang="nl">
            <OrderStatusDot status={order.status} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">Payment</dt>
          <dd lang="nl">
            <PaymentBadge status={order.paymentStatus} refundedCents={order.refund.refundedCents} />
          </dd>
        </div>
      </dl>

      <Block title="Order status">
        <StatusActions order={order} action={action} />
      </Block>

      <div className="grid gap-6 sm:grid-cols-2">
        <Block title="Customer">
          {order.customer ? (
            <div className="text-sm">
              <p className="font-medium">{order.customer.name || order.customer.email}</p>
              <p className="break-all">{order.customer.email}</p>
              {order.customer.phone ? <p>{order.customer.phone}</p> : null}
              <p className="text-muted">{order.customer.isGuest ? "Guest order" : "Customer account"}</p>
            </div>
          ) : (
            <p className="text-sm text-muted" lang="nl">
              Geen klantgegevens
            </p>
          )}
        </Block>
        <Block title="Shipping address">
          {order.address ? (
            <address className="text-sm not-italic">
              {order.address.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="text-sm text-muted">No shipping address</p>
          )}
        </Block>
      </div>

      <Block title="Items">
        <ItemsAndTotals order={order} />
      </Block>

      {order.withdrawals.length > 0 ? (
        <Block title="Withdrawals">
          <ul className="space-y-2 text-sm">
            {order.withdrawals.map((w) => (
              <li key={w.id} className="rounded-md border border-amber-200 bg-amber-50 p-3">
                <p className="font-medium">
                  Withdrawn <time dateTime={w.receivedAt.iso}>{w.receivedAt.text}</time>{" "}
                  <span className="font-normal text-muted">
                    ({w.channel === "guest" ? "as a guest" : "from the account"})
                  </span>
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {w.lines.map((l) => (
                    <li
                      key={l.productId + l.productName}
                    >{`ArtNo ${l.productId}: ${l.productName} × ${l.quantity}`}</li>
                  ))}
                </ul>
                {w.reason ? <p className="mt-1">Reason: {w.reason}</p> : null}
                <p className="mt-1 font-medium">
                  Refund due by <time dateTime={w.refundDueAt.iso}>{w.refundDueAt.text}</time>
                </p>
                {order.refund.canRefund ? (
                  <Link
                    to={`${action}${action.includes("?") ? "&" : "?"}withdrawal=${w.id}#refund`}
                    preventScrollReset
                    className="mt-1 inline-block font-medium text-brand-700 underline"
                  >
                    Refund the withdrawn items
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}

      <Block title="Payment">
        <p className="text-sm">
          <PaymentBadge status={order.paymentStatus} refundedCents={order.refund.refundedCents} />
          {order.paymentProvider ? <span className="ml-2">{`via ${order.paymentProvider}`}</span> : null}
          {order.paidAt ? (
            <span className="ml-2 text-muted">
              paid <time dateTime={order.paidAt.iso}>{order.paidAt.text}</time>
            </span>
          ) : null}
        </p>
        {order.invoices.length > 0 ? (
          <ul className="flex flex-wrap gap-x-4 text-sm">
            {order.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a href={`/factuur/${invoice.number}`} className="font-medium text-brand-700 underline" download>
                  {`${invoiceLabel(invoice)} (PDF)`}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Block>

      {order.refund.canRefund || order.refund.refunds.length > 0 ? (
        <Block title="Refunds">
          <RefundSection refund={order.refund} action={action} />
        </Block>
      ) : null}

      <Block title="Dropshipment">
        <DropshipmentSection order={order} action={action} />
      </Block>

      <Block title="History">
        {order.changes.length === 0 ? (
          <p className="text-sm text-muted">No admin changes yet.</p>
        ) : (
          <ol className="space-y-1.5 text-sm">
            {order.changes.map((change) => (
              <li key={change.id} className="flex flex-wrap gap-x-2">
                <time dateTime={change.at.iso} className="text-muted">
                  {change.at.text}
                </time>
                <span className="font-medium">{change.summary}</span>
                <span className="text-muted">{`by ${change.actorEmail}`}</span>
              </li>
            ))}
          </ol>
        )}
        <ChangeHistoryLink entityType="order" entityId={order.id} label={`order ${shortOrderId(order.id)}`} />
      </Block>
    </div>
  );
}

function ItemsAndTotals({ order }: { order: OrderDetailsView }) {
  const row = "flex justify-between gap-4";
  return (
    <div className="space-y-3 text-sm">
      {order.items.length === 0 ? (
        <p className="text-muted">No items.</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium">{item.productName}</p>
                <p className="text-xs text-muted">
                  {`ArtNo ${item.productId} · ${item.quantity} × ${formatEuro(item.priceCents)} · VAT ${item.vatRate}%`}
                </p>
              </div>
              <p className="shrink-0 tabular-nums">{formatEuro(item.priceCents * item.quantity)}</p>
            </li>
          ))}
        </ul>
      )}
      <dl className="space-y-1">
        <div className={row}>
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatEuro(order.subtotalCents)}</dd>
        </div>
        {order.discountCents > 0 || order.couponCode ? (
          <div className={row}>
            <dt>{order.couponCode ? `Coupon ${order.couponCode}` : "Discount"}</dt>
            <dd className="tabular-nums">{`− ${formatEuro(order.discountCents)}`}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>Shipping</dt>
          <dd className="tabular-nums">{formatEuro(order.shippingCents)}</dd>
        </div>
        <div className={`${row} border-t border-line pt-1 font-semibold`}>
          <dt>Total</dt>
          <dd className="tabular-nums">{formatEuro(order.totalCents)}</dd>
        </div>
        {order.vatLines.map((line) => (
          <div key={line.rate} className={`${row} text-muted`}>
            <dt>{`incl. VAT ${line.rate}%`}</dt>
            <dd className="tabular-nums">{formatEuro(line.amountCents)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function DropshipmentSection({ order, action }: { order: OrderDetailsView; action: string }) {
  const { dropshipment } = order;
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-3 text-sm">
      <DropshipmentProgress status={dropshipment.status} />
      <p>
        <span className="text-muted">Supplier reference: </span>
        <span className="font-mono">{dropshipment.reference ?? "—"}</span>
      </p>
      {dropshipment.job ? (
        <>
          <p className="text-muted">
            {`Attempts: ${dropshipment.job.attempts} of ${dropshipment.job.maxAttempts}`}
            {dropshipment.job.nextRunAt ? (
              <>
                {" · next attempt "}
                <time dateTime={dropshipment.job.nextRunAt.iso}>{dropshipment.job.nextRunAt.text}</time>
              </>
            ) : null}
          </p>
          {dropshipment.job.history.length > 0 ? (
            <ol aria-label="Attempts" className="space-y-1.5">
              {dropshipment.job.history.map((attempt) => (
                <li key={attempt.attempt} className="rounded-md border border-line px-3 py-2">
                  <p className="font-medium">
                    {`Attempt ${attempt.attempt} · `}
                    <time dateTime={attempt.startedAt.iso}>{attempt.startedAt.text}</time>
                    {attempt.error ? null : <span className="ml-2 text-emerald-700">succeeded</span>}
                  </p>
                  {attempt.error ? <p className="break-words text-danger">{attempt.error}</p> : null}
                </li>
              ))}
            </ol>
          ) : null}
        </>
      ) : (
        <p className="text-muted">No dropshipment job for this order yet.</p>
      )}
      {dropshipment.canRetry ? (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value="retry-dropshipment" />
          <Button type="submit" variant="outline" size="sm" aria-disabled={busy || undefined}>
            {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
            {busy ? "Retrying…" : "Retry now"}
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

function StatusActions({ order, action }: { order: OrderDetailsView; action: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  if (order.transitions.length === 0) {
    return <p className="text-sm text-muted">This order's status is final.</p>;
  }
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="status" />
      {order.transitions.some((t) => t.to === "shipped") ? (
        <div className="w-full space-y-1 sm:w-auto sm:flex-1">
          <label htmlFor="tracking-url" className="block text-xs text-muted">
            Tracking link (optional, sent with "shipped")
          </label>
          <Input id="tracking-url" name="trackingUrl" type="url" maxLength={500} placeholder="https://…" />
        </div>
      ) : null}
      {order.transitions.map((transition) => (
        <Button
          key={transition.to}
          type="submit"
          name="status"
          value={transition.to}
          size="sm"
          variant={transition.to === "cancelled" ? "outline" : "default"}
          className={transition.to === "cancelled" ? "text-danger" : undefined}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          {transition.label}
        </Button>
      ))}
    </fetcher.Form>
  );
}
