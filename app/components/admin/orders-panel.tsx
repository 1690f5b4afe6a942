import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { OrderStatusDot, PaymentBadge } from "~/components/account/order-status";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatEuro } from "~/domain/money/money";
import {
  adminOrdersSearch,
  ORDER_SEARCH_MAX_LENGTH,
  PAYMENT_STATUSES,
  type AdminOrdersQuery,
} from "~/domain/orders/admin-orders-query";
import { orderStatusLabel, paymentStatusLabel } from "~/domain/orders/order-labels";
import { ORDER_STATUSES } from "~/domain/orders/order-transitions";
import { shortOrderId } from "~/domain/orders/short-id";
import type { Moment } from "./admin-format";

export type OrderListItem = {
  id: string;
  createdAt: Moment;
  customerName: string;
  customerEmail: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
};

export type OrderListData = { orders: OrderListItem[]; newer: string | null; older: string | null };

export const ORDERS_LOAD_ERROR = "An unexpected error occurred while retrieving the order";

/**
 * All Orders ("Alle Bestellingen", spec 1 §2.15): a GET search form (works without JavaScript and
 * keeps its state in the URL), the newest orders first, keyset pages, and a Details link per order
 * that opens the "Bestelling Details" dialog (the child route /admin/orders/:id).
 */
export function OrdersPanel({
  query,
  list,
  error,
}: {
  query: AdminOrdersQuery;
  list: OrderListData | null;
  /** A refused search (control characters, too long) or the load failure message. */
  error: string | null;
}) {
  const filtered = Boolean(query.q || query.status || query.payment);
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <h2 id="admin-panel-title" className="text-xl font-semibold" lang="nl">
        Alle Bestellingen
      </h2>
      <OrderSearch query={query} filtered={filtered} />
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
            <OrdersTable orders={list.orders} listSearch={adminOrdersSearch(query, cursorOf(query))} />
            <OrdersList orders={list.orders} listSearch={adminOrdersSearch(query, cursorOf(query))} />
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

function OrderSearch({ query, filtered }: { query: AdminOrdersQuery; filtered: boolean }) {
  const select =
    "h-10 w-full rounded-md border border-line bg-white px-3 text-base md:text-sm sm:w-auto focus-visible:outline-2";
  return (
    <Form
      method="get"
      action="/admin/orders"
      role="search"
      aria-label="Search orders"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:min-w-64">
        <label htmlFor="orders-q" className="text-sm font-medium">
          Search
        </label>
        <Input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={ORDER_SEARCH_MAX_LENGTH}
          placeholder="Order id, e-mail, name or status"
          autoComplete="off"
        />
      </div>
      <div className="flex gap-3">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="orders-status" className="text-sm font-medium">
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={query.status ?? ""} className={select}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabel(status).label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="orders-payment" className="text-sm font-medium">
            Payment
          </label>
          <select id="orders-payment" name="payment" defaultValue={query.payment ?? ""} className={select}>
            <option value="">All payments</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {paymentStatusLabel(status).label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
        {filtered ? (
          <Link to="/admin/orders" lang="nl" className="text-sm font-medium text-brand-700 underline">
            Zoekfilter wissen
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function OrdersTable({ orders, listSearch }: { orders: OrderListItem[]; listSearch: string }) {
  const cell = "px-4 py-3";
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
            <th scope="col" className={`${cell} font-semibold`}>
              Order
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Date
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Customer
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Status
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Payment
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
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
              <th scope="row" className={`${cell} font-mono font-medium text-ink`}>
                {shortOrderId(order.id)}
              </th>
              <td className={cell}>
                <time dateTime={order.createdAt.iso}>{order.createdAt.text}</time>
              </td>
              <td className={cell}>
                <span className="block font-medium">{order.customerName || order.customerEmail}</span>
                {order.customerName ? <span className="block text-xs text-muted">{order.customerEmail}</span> : null}
              </td>
              <td className={cell} lang="nl">
                <OrderStatusDot status={order.status} />
              </td>
              <td className={cell} lang="nl">
                <PaymentBadge status={order.paymentStatus} />
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
function OrdersList({ orders, listSearch }: { orders: OrderListItem[]; listSearch: string }) {
  return (
    <ul aria-label="Orders" className="space-y-3 sm:hidden">
      {orders.map((order) => (
        <li key={order.id} className="space-y-2 rounded-lg border border-line bg-white p-4">
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-mono font-medium">{shortOrderId(order.id)}</span>
            <span className="font-semibold tabular-nums">{formatEuro(order.totalCents)}</span>
          </div>
          <div className="min-w-0 text-sm">
            <p className="font-medium">{order.customerName || order.customerEmail}</p>
            {order.customerName ? <p className="truncate text-xs text-muted">{order.customerEmail}</p> : null}
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" lang="nl">
            <OrderStatusDot status={order.status} />
            <PaymentBadge status={order.paymentStatus} />
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
  return (
    <nav aria-label="Orders pages" className="flex items-center justify-between gap-3">
      {newer ? (
        <Link to={`/admin/orders${adminOrdersSearch(query, { before: newer })}`} className={link}>
          Newer orders
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={`/admin/orders${adminOrdersSearch(query, { after: older })}`} className={link}>
          Older orders
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
