import { Truck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { UrlDialog, UrlDialogActions } from "~/shared/admin-ui/url-dialog";
import { Button } from "~/shared/ui/button";
import { shortOrderId } from "~/features/shopper-orders";
import { orderStatusLabel } from "~/features/shopper-orders/status";

/** The form the row checkboxes belong to (their `form` attribute), wherever they sit in the page. */
export const BULK_FORM_ID = "orders-bulk-ship";

export type BulkShipCandidateView = {
  id: string;
  customerName: string;
  status: string;
  problem: string | null;
};

export type BulkShipResult = {
  ok: boolean;
  intent: "bulk-ship";
  title: string;
  description?: string;
  shipped: string[];
  refused: { id: string; message: string }[];
};

/**
 * Above the list: select all on this page, and "Mark as shipped (n)". It is a GET form: it opens the
 * confirmation (the list's URL with ?ship=<id>…), drawn by the server, so it works without
 * JavaScript too. There the select-all box sends the page's ids itself; with JavaScript it ticks the
 * rows and the button counts them.
 */
export function BulkShipBar({
  listSearch,
  pageIds,
  selected,
  onSelectAll,
  hydrated,
}: {
  /** The list's own query string (filters and page), kept so the dialog sits on this very list. */
  listSearch: string;
  pageIds: string[];
  selected: ReadonlySet<string>;
  onSelectAll: (all: boolean) => void;
  hydrated: boolean;
}) {
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const count = pageIds.filter((id) => selected.has(id)).length;
  return (
    <Form
      id={BULK_FORM_ID}
      method="get"
      action="/admin/orders"
      preventScrollReset
      aria-label="Bulk actions"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-white px-4 py-3"
    >
      {[...new URLSearchParams(listSearch)].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="shipPage"
          value={pageIds.join(",")}
          checked={allSelected}
          onChange={(event) => onSelectAll(event.currentTarget.checked)}
          className="size-5 accent-brand-700"
        />
        Select all on this page
      </label>
      <Button type="submit" variant="outline" disabled={hydrated && count === 0}>
        <Truck aria-hidden />
        {hydrated ? `Mark as shipped (${count})` : "Mark selected as shipped"}
      </Button>
    </Form>
  );
}

/** The checkbox of one order, in a table row or a card. */
export function SelectOrder({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      form={BULK_FORM_ID}
      name="ship"
      value={id}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      aria-label={`Select order ${shortOrderId(id)}`}
      className="size-5 accent-brand-700"
    />
  );
}

/**
 * "Mark N orders as shipped?": what will happen (one mail per customer) and which orders cannot be
 * shipped and why, before anything changes. Confirming posts the ids to the list's action.
 */
export function BulkShipDialog({
  candidates,
  closeTo,
}: {
  candidates: BulkShipCandidateView[];
  /** The list without the selection: cancel goes back to it, and the answer is shown on it. */
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk-ship";
  const ready = candidates.filter((c) => c.problem === null);
  const blocked = candidates.filter((c) => c.problem !== null);
  const title =
    candidates.length === 0
      ? "No orders selected"
      : ready.length === 0
        ? "None of these orders can be marked as shipped"
        : `Mark ${ready.length} ${ready.length === 1 ? "order" : "orders"} as shipped?`;
  return (
    <UrlDialog closeTo={closeTo} title={title} lang="en" wide>
      {candidates.length === 0 ? (
        <p className="text-sm">Tick the orders to mark as shipped, then press the button again.</p>
      ) : (
        <Form method="post" action={closeTo} preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="bulk-ship" />
          {candidates.map((c) => (
            <input key={c.id} type="hidden" name="orderId" value={c.id} />
          ))}
          {ready.length > 0 ? (
            <section aria-labelledby="bulk-ready" className="space-y-2">
              <h3 id="bulk-ready" className="text-sm font-semibold">
                Each of these customers gets the “Je bestelling is verzonden” e-mail once:
              </h3>
              <OrderLines orders={ready} />
            </section>
          ) : null}
          {blocked.length > 0 ? (
            <section aria-labelledby="bulk-blocked" className="space-y-2 rounded-md bg-amber-50 p-3">
              <h3 id="bulk-blocked" className="text-sm font-semibold text-amber-900">
                {blocked.length === 1 ? "1 order cannot" : `${blocked.length} orders cannot`} be marked as shipped and
                will be reported back:
              </h3>
              <OrderLines orders={blocked} />
            </section>
          ) : null}
          <UrlDialogActions
            closeTo={closeTo}
            cancelLabel="Cancel"
            submitLabel={`Mark ${ready.length} as shipped`}
            busyLabel="Marking as shipped…"
            busy={busy}
            disabled={ready.length === 0}
          />
        </Form>
      )}
    </UrlDialog>
  );
}

function OrderLines({ orders }: { orders: BulkShipCandidateView[] }) {
  return (
    <ul className="divide-y divide-line rounded-md border border-line bg-white text-sm">
      {orders.map((order) => (
        <li key={order.id} className="px-3 py-2">
          <span className="font-mono font-medium">{shortOrderId(order.id)}</span> · {order.customerName} ·{" "}
          <span lang="nl">{orderStatusLabel(order.status).label}</span>
          {order.problem ? <span className="block text-xs text-amber-900">{order.problem}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The answer to "Mark as shipped": how many moved, and each order that did not, with the reason. */
export function BulkShipReport({ result }: { result: BulkShipResult }) {
  return (
    <div
      role={result.refused.length > 0 ? "alert" : "status"}
      className={
        result.refused.length > 0
          ? "space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950"
          : "rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
      }
    >
      <p className="font-semibold">{result.title}</p>
      {result.description ? <p className="text-sm">{result.description}</p> : null}
      {result.refused.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {result.refused.map((r) => (
            <li key={r.id}>
              <span className="font-mono font-medium">{shortOrderId(r.id)}</span>: {r.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
