import { Download, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import {
  adminOrdersSearch,
  DROPSHIPMENT_FILTERS,
  isFiltered,
  ORDER_SEARCH_MAX_LENGTH,
  PAYMENT_FILTERS,
  type AdminOrdersQuery,
  type AdminOrdersSort,
  ORDER_STATUSES,
} from "~/features/orders";
import { dropshipmentProgress, orderStatusLabel, paymentStatusLabel } from "~/features/shopper-orders/status";

/** Counts per filter option (see filter-counts.server.ts); null when they could not be read. */
export type FilterCountsView = {
  status: Record<string, number>;
  payment: Record<string, number>;
  dropship: Record<string, number>;
  withdrawal: { open: number };
};

const SORT_LABELS: Record<AdminOrdersSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "amount-desc": "Amount: high to low",
  "amount-asc": "Amount: low to high",
};

const number = new Intl.NumberFormat("nl-NL");

function countOf(table: Record<string, number> | undefined, key: string): string {
  if (!table) return "";
  return ` (${number.format(Object.hasOwn(table, key) ? table[key]! : 0)})`;
}

function paymentFilterLabel(value: string): string {
  return value === "partly-refunded" ? "Deels terugbetaald" : paymentStatusLabel(value).label;
}

/** "waiting" is no stored state: paid orders whose dropshipment is pending or in progress. */
function dropshipFilterLabel(value: string): string {
  return value === "waiting" ? "Paid, not yet accepted by supplier" : dropshipmentProgress(value).label;
}

/**
 * The list's search and filters: a GET form, so the URL holds the state and it works without
 * JavaScript (the Search button submits; nothing submits by itself, so a keyboard user can set
 * several filters first). Every option shows how many orders it would list.
 */
export function OrderFilters({ query, counts }: { query: AdminOrdersQuery; counts: FilterCountsView | null }) {
  const filtered = isFiltered(query);
  const field = "flex min-w-0 flex-col gap-1.5";
  const select = "h-10 w-full rounded-md border border-line bg-white px-3 text-base md:text-sm focus-visible:outline-2";
  return (
    <Form
      method="get"
      action="/admin/orders"
      role="search"
      aria-label="Search orders"
      className="grid grid-cols-2 gap-3 rounded-lg border border-line bg-white p-4 md:grid-cols-4 xl:grid-cols-6"
    >
      <div className={`${field} col-span-2`}>
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
      <div className={field}>
        <label htmlFor="orders-status" className="text-sm font-medium">
          Status
        </label>
        <select id="orders-status" name="status" defaultValue={query.status ?? ""} className={select}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status).label + countOf(counts?.status, status)}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="orders-payment" className="text-sm font-medium">
          Payment
        </label>
        <select id="orders-payment" name="payment" defaultValue={query.payment ?? ""} className={select}>
          <option value="">All payments</option>
          {PAYMENT_FILTERS.map((payment) => (
            <option key={payment} value={payment}>
              {paymentFilterLabel(payment) + countOf(counts?.payment, payment)}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="orders-dropship" className="text-sm font-medium">
          Dropshipment
        </label>
        <select id="orders-dropship" name="dropship" defaultValue={query.dropship ?? ""} className={select}>
          <option value="">All</option>
          {DROPSHIPMENT_FILTERS.map((state) => (
            <option key={state} value={state}>
              {dropshipFilterLabel(state) + countOf(counts?.dropship, state)}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="orders-sort" className="text-sm font-medium">
          Sort
        </label>
        <select id="orders-sort" name="sort" defaultValue={query.sort} className={select}>
          {(Object.keys(SORT_LABELS) as AdminOrdersSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="orders-from" className="text-sm font-medium">
          From
        </label>
        <Input id="orders-from" name="from" type="date" defaultValue={query.from ?? ""} className="min-w-0" />
      </div>
      <div className={field}>
        <label htmlFor="orders-to" className="text-sm font-medium">
          To
        </label>
        <Input id="orders-to" name="to" type="date" defaultValue={query.to ?? ""} className="min-w-0" />
      </div>
      <div className="col-span-2 flex items-center gap-2 self-end pb-2 md:col-span-2">
        <input
          id="orders-withdrawal"
          name="withdrawal"
          type="checkbox"
          value="open"
          defaultChecked={query.withdrawal === "open"}
          className="size-5 accent-brand-700"
        />
        <label htmlFor="orders-withdrawal" className="text-sm font-medium">
          Open withdrawals only{counts ? ` (${number.format(counts.withdrawal.open)})` : ""}
        </label>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-3 self-end md:col-span-4 xl:col-span-2 xl:justify-end">
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
        <a
          href={`/admin/orders/export.csv${adminOrdersSearch(query)}`}
          download
          className={buttonVariants({ variant: "outline" })}
        >
          <Download aria-hidden />
          Export CSV
        </a>
        {filtered ? (
          <Link to="/admin/orders" lang="nl" className="text-sm font-medium text-brand-700 underline">
            Zoekfilter wissen
          </Link>
        ) : null}
      </div>
      {counts ? (
        <p className="col-span-full text-xs text-muted">
          The numbers count the orders of the chosen period with the other filters applied (not the search text).
        </p>
      ) : null}
    </Form>
  );
}
