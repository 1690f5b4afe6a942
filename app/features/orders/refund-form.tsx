import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { useResultToast } from "~/shared/admin-ui/admin-actions";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { Button } from "~/shared/ui/button";
import { Loader2 } from "~/shared/ui/icons";
import { Input } from "~/shared/ui/input";
import { formatEuro } from "~/shared/money/money";
import { planRefund, type AllocationOrder, type EarlierRefund } from "./refund-allocation";

/** What the order page's loader gives the refund form (all amounts the server's). */
export type RefundFormView = {
  /** A fresh key per rendered form: the same form sent twice is one refund. */
  key: string;
  canRefund: boolean;
  refundedCents: number;
  totalCents: number;
  allocation: AllocationOrder;
  earlier: EarlierRefund[];
  items: { id: number; name: string; quantity: number; left: number; unitCents: number }[];
  shippingLeft: boolean;
  /** Filled in from a withdrawal (?withdrawal=<id>): its items, and shipping when all was withdrawn. */
  prefill: { withdrawalId: string; pieces: Record<number, number>; shipping: boolean } | null;
  refunds: {
    id: string;
    amountCents: number;
    status: string;
    error: string | null;
    restock: boolean;
    by: string;
    at: Moment;
  }[];
};

/**
 * Refund (issues 11 and 28): pieces per line and shipping, optionally back into stock, through the
 * provider that took the money. The form shows what it will pay back while it is filled in, with the
 * same calculation the server makes (refund-allocation.ts), and no money moves until the admin has
 * confirmed that amount; the server refunds only if it still comes to the confirmed amount.
 */
export function RefundSection({ refund, action }: { refund: RefundFormView; action: string }) {
  return (
    <div className="space-y-3 text-sm">
      {refund.refunds.length > 0 ? (
        <ul className="space-y-1">
          {refund.refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-x-2">
              <span className="font-medium tabular-nums">{formatEuro(r.amountCents)}</span>
              <span className={r.status === "failed" ? "text-danger" : "text-muted"}>
                {r.status === "succeeded" ? "refunded" : r.status}
                {r.restock ? " · back in stock" : ""}
              </span>
              <time dateTime={r.at.iso} className="text-muted">
                {r.at.text}
              </time>
              <span className="text-muted">{`by ${r.by}`}</span>
              {r.error ? <span className="w-full text-danger">{r.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {refund.refundedCents > 0 ? (
        <p className="text-muted">{`${formatEuro(refund.refundedCents)} of ${formatEuro(refund.totalCents)} refunded so far.`}</p>
      ) : null}
      {/* A new form (and state) per key: after a refund, or when opened from another withdrawal. */}
      {refund.canRefund ? (
        <RefundForm key={`${refund.key}:${refund.prefill?.withdrawalId ?? ""}`} refund={refund} action={action} />
      ) : null}
    </div>
  );
}

function RefundForm({ refund, action }: { refund: RefundFormView; action: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const [pieces, setPieces] = useState<Record<number, number>>(refund.prefill?.pieces ?? {});
  const [shipping, setShipping] = useState(refund.prefill?.shipping ?? false);
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const lines = Object.entries(pieces).map(([id, quantity]) => ({ orderItemId: Number(id), quantity }));
  const planned = planRefund(refund.allocation, refund.earlier, { lines, shipping });
  const amountCents = planned.ok ? planned.plan.amountCents : 0;
  const problem = planned.ok
    ? null
    : planned.error === "too-many-pieces"
      ? "More pieces than are left to refund."
      : planned.error === "shipping-refunded"
        ? "Shipping was refunded already."
        : null;
  const edit = (change: () => void) => {
    setConfirming(false);
    change();
  };

  return (
    <fetcher.Form method="post" action={action} className="space-y-3 rounded-md border border-line p-3" id="refund">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="refundKey" value={refund.key} />
      <input type="hidden" name="confirmedAmountCents" value={confirming ? String(amountCents) : ""} />
      {refund.prefill ? (
        <p className="rounded-md bg-amber-50 p-2 text-amber-900">Filled in from the withdrawal: check and confirm.</p>
      ) : null}
      <ul className="space-y-2">
        {refund.items.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-3">
            <label htmlFor={`refund-qty-${item.id}`} className="min-w-0">
              {item.name}
              <span className="block text-xs text-muted">{`${item.left} of ${item.quantity} left · ${formatEuro(item.unitCents)} each`}</span>
            </label>
            {/* The width on a wrapper: Input's own w-full would compete with a width passed to it. */}
            <div className="w-20 flex-none">
              <Input
                id={`refund-qty-${item.id}`}
                name={`refund-qty-${item.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={item.left}
                value={pieces[item.id] ?? 0}
                onChange={(e) => {
                  const value = e.currentTarget.valueAsNumber;
                  edit(() => setPieces((p) => ({ ...p, [item.id]: Number.isInteger(value) && value > 0 ? value : 0 })));
                }}
                disabled={item.left === 0}
              />
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {refund.shippingLeft ? (
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              name="refundShipping"
              checked={shipping}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                edit(() => setShipping(checked));
              }}
              className="size-4 accent-brand-700"
            />
            {`Shipping (${formatEuro(refund.allocation.shippingCents)})`}
          </label>
        ) : null}
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="restock" className="size-4 accent-brand-700" />
          Put the items back in stock
        </label>
      </div>
      <p aria-live="polite" className="font-medium">
        {problem ? (
          <span className="text-danger">{problem}</span>
        ) : amountCents > 0 ? (
          <>
            To pay back: <span className="tabular-nums">{formatEuro(amountCents)}</span>
            {refund.allocation.discountCents > 0 ? (
              <span className="block text-xs font-normal text-muted">
                What was paid for these items, after their share of the order&apos;s discount.
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-muted">Choose the items (and shipping) to pay back.</span>
        )}
      </p>
      {confirming && amountCents > 0 ? (
        <div role="group" aria-labelledby="refund-confirm-question" className="space-y-2 rounded-md bg-surface p-3">
          <p id="refund-confirm-question" className="font-semibold" lang="nl">
            {`${formatEuro(amountCents)} terugbetalen?`}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={confirmButton}
              type="submit"
              size="sm"
              aria-disabled={busy || undefined}
              onClick={(e) => busy && e.preventDefault()}
            >
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {busy ? "Refunding…" : `Yes, pay back ${formatEuro(amountCents)}`}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={amountCents <= 0}
          onClick={() => setConfirming(true)}
        >
          Refund…
        </Button>
      )}
    </fetcher.Form>
  );
}
