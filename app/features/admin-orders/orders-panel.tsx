import { useState } from "react";
import { Link } from "react-router";
import { shortOrderId } from "~/features/shopper-orders";
import { OrderStatusDot, PaymentBadge } from "~/features/shopper-orders/status";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { buttonVariants } from "~/shared/ui/button";
import { BulkShipBar, BulkShipReport, SelectOrder, type BulkShipResult } from "./bulk-ship";
import { DropshipmentBadge, WithdrawalBadge, type WithdrawalDue } from "./order-badges";
import { OrderFilters, type FilterCountsView } from "./order-filters";
import { formatEuro } from "~/shared/money/money";
import { adminOrdersSearch, isFiltered, type AdminOrdersQuery } from "~/features/orders";
import type { Moment } from "~/shared/admin-ui/admin-format";

export type OrderListItem = {
  id: string;
  createdAt: Moment;
  customerName: string;
  customerEmail: string;
  status: string;
  paymentStatus: string;
  refundedCents: number;
  dropshipmentStatus: string;
  totalCents: number;
  withdrawalDue: WithdrawalDue | null;
};

export type OrderListData = { orders: OrderListItem[]; newer: string | null; older: string | null };

export const ORDERS_LOAD_ERROR = "An unexpected error occurred while retrieving the order";

/**
 * All Orders ("Alle Bestellingen", spec 1 §2.15): a GET search and filter form (works without
 * JavaScript and keeps its state in the URL), the orders in the chosen sort, keyset pages, a Details
 * link per order that opens the "Bestelling Details" dialog (the child route /admin/orders/:id), and
 * checkboxes for "Mark as shipped" on several orders at once.
 */
export function OrdersPanel({
  query,
  list,
  counts,
  error,
  bulkResult,
}: {
  query: AdminOrdersQuery;
  list: OrderListData | null;
  counts: FilterCountsView | null;
  /** A refused search (control characters, too long, a bad date) or the load failure message. */
  error: string | null;
  bulkResult?: BulkShipResult;
}) {
  const filtered = isFiltered(query);
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pageIds = list?.orders.map((order) => order.id) ?? [];
  const listSearch = adminOrdersSearch(query, cursorOf(query));
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selection = { selected, select };
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <h2 id="admin-panel-title" className="text-xl font-semibold" lang="nl">
        Alle Bestellingen
      </h2>
      <OrderFilters query={query} counts={counts} />
      {bulkResult ? <BulkShipReport result={bulkResult} /> : null}
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {error}
        </p>
      ) : null}
      {list ? (
        list.orders.length === 0 ? (
          <div lang="nl" className="rounded-lg border border-dashed border-line p-8 text-center">
            <p className="font-semibold">Geen bestellingen gevonden</p>
            {filtered ? (
              <Link to="/admin/orders" className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
                Zoekfilter wissen
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <BulkShipBar
              listSearch={listSearch}
              pageIds={pageIds}
              selected={selected}
              hydrated={hydrated}
              onSelectAll={(all) => setSelected(all ? new Set(pageIds) : new Set())}
            />
            <OrdersTable orders={list.orders} listSearch={listSearch} sort={query.sort} {...selection} />
            <OrdersList orders={list.orders} listSearch={listSearch} {...selection} />
            <OrderPaging query={query} newer={list.newer} older={list.older} />
          </>
        )
      ) : null}
    </section>
  );
}

function cursorOf(query: AdminOrdersQuery) {
  return { after: query.after ?? undefined, before: query.before ?? undefined };
}

type Selection = { selected: ReadonlySet<string>; select: (id: string, on: boolean) => void };

function PaymentCell({ order }: { order: OrderListItem }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <PaymentBadge status={order.paymentStatus} refundedCents={order.refundedCents} />
      {order.withdrawalDue ? <WithdrawalBadge due={order.withdrawalDue} /> : null}
    </span>
  );
}

function OrdersTable({
  orders,
  listSearch,
  sort,
  selected,
  select,
}: { orders: OrderListItem[]; listSearch: string; sort: AdminOrdersQuery["sort"] } & Selection) {
  // Nine columns must fit 1280 px without scrolling: tighter padding, long e-mail addresses truncated.
  const cell = "px-3 py-3";
  const dateSort = sort === "newest" ? "descending" : sort === "oldest" ? "ascending" : undefined;
  const amountSort = sort === "amount-desc" ? "descending" : sort === "amount-asc" ? "ascending" : undefined;
  return (
    // From a small tablet up; between that and a laptop it scrolls sideways with the Details column
    // pinned to the right edge, so every row's action stays in view (focusable: keyboard users scroll it too).
    <div
      role="region"
      aria-label="Orders table"
      tabIndex={0}
      className="relative hidden overflow-x-auto rounded-lg border border-line sm:block"
    >
      <table className="w-full border-collapse text-left text-sm whitespace-nowrap">
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="w-10 py-3 pl-4">
              <span className="sr-only">Select</span>
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Order
            </th>
            <th scope="col" aria-sort={dateSort} className={`${cell} font-semibold`}>
              Date
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Customer
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Status
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Dropshipment
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Payment
            </th>
            <th scope="col" aria-sort={amountSort} className={`${cell} text-right font-semibold`}>
              Amount
            </th>
            <th scope="col" className={`${cell} sticky right-0 bg-surface text-right font-semibold`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-t border-line align-middle">
              <td className="py-3 pl-4">
                <SelectOrder id={order.id} checked={selected.has(order.id)} onChange={(on) => select(order.id, on)} />
              </td>
              <th scope="row" className={`${cell} font-mono font-medium text-ink`}>
                {shortOrderId(order.id)}
              </th>
              <td className={cell}>
                <time dateTime={order.createdAt.iso}>{order.createdAt.text}</time>
              </td>
              <td className={cell}>
                <span className="block max-w-56 truncate font-medium">{order.customerName || order.customerEmail}</span>
                {order.customerName ? (
                  <span className="block max-w-56 truncate text-xs text-muted" title={order.customerEmail}>
                    {order.customerEmail}
                  </span>
                ) : null}
              </td>
              <td className={cell} lang="nl">
                <OrderStatusDot status={order.status} />
              </td>
              <td className={cell} lang="nl">
                <DropshipmentBadge status={order.dropshipmentStatus} />
              </td>
              <td className={cell} lang="nl">
                <PaymentCell order={order} />
              </td>
              <td className={`${cell} text-right tabular-nums`}>{formatEuro(order.totalCents)}</td>
              <td className={`${cell} sticky right-0 bg-white text-right shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]`}>
                <Link
                  to={`/admin/orders/${order.id}${listSearch}`}
                  preventScrollReset
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  Details
                  <span className="sr-only">{` order ${shortOrderId(order.id)}`}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones get the same orders as a list of cards: every field readable without scrolling sideways. */
function OrdersList({
  orders,
  listSearch,
  selected,
  select,
}: { orders: OrderListItem[]; listSearch: string } & Selection) {
  return (
    <ul aria-label="Orders" className="space-y-3 sm:hidden">
      {orders.map((order) => (
        <li key={order.id} className="space-y-2 rounded-lg border border-line bg-white p-4">
          <div className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-3">
              <SelectOrder id={order.id} checked={selected.has(order.id)} onChange={(on) => select(order.id, on)} />
              <span className="font-mono font-medium">{shortOrderId(order.id)}</span>
            </span>
            <span className="font-semibold tabular-nums">{formatEuro(order.totalCents)}</span>
          </div>
          <div className="min-w-0 text-sm">
            <p className="font-medium">{order.customerName || order.customerEmail}</p>
            {order.customerName ? <p className="truncate text-xs text-muted">{order.customerEmail}</p> : null}
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" lang="nl">
            <OrderStatusDot status={order.status} />
            <PaymentBadge status={order.paymentStatus} refundedCents={order.refundedCents} />
            <span className="inline-flex items-center gap-1 text-xs text-muted">
              Dropshipment <DropshipmentBadge status={order.dropshipmentStatus} />
            </span>
            {order.withdrawalDue ? <WithdrawalBadge due={order.withdrawalDue} /> : null}
            <time dateTime={order.createdAt.iso} className="text-muted" lang="en">
              {order.createdAt.text}
            </time>
          </div>
          <Link
            to={`/admin/orders/${order.id}${listSearch}`}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "sm", className: "w-full" })}
          >
            Details
            <span className="sr-only">{` order ${shortOrderId(order.id)}`}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OrderPaging({ query, newer, older }: { query: AdminOrdersQuery; newer: string | null; older: string | null }) {
  if (!newer && !older) return null;
  const link = "inline-flex h-9 items-center rounded-md border border-line px-3 text-sm font-medium hover:bg-surface";
  // "Newer"/"older" name the default sort; with another sort they are simply the pages before and after.
  const dated = query.sort === "newest";
  return (
    <nav aria-label="Orders pages" className="flex items-center justify-between gap-3">
      {newer ? (
        <Link to={`/admin/orders${adminOrdersSearch(query, { before: newer })}`} className={link}>
          {dated ? "Newer orders" : "Previous page"}
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={`/admin/orders${adminOrdersSearch(query, { after: older })}`} className={link}>
          {dated ? "Older orders" : "Next page"}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
