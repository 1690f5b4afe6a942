import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { Badge } from "~/shared/ui/badge";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { formatEuro } from "~/shared/money/money";
import { adminCustomersSearch, CUSTOMER_SEARCH_MAX_LENGTH, type AdminCustomersQuery } from "./customers-query";

export type CustomerListItem = {
  id: string;
  email: string;
  name: string;
  hasAccount: boolean;
  ordersCount: number;
  spentCents: number;
  lastOrderAt: Moment | null;
};

export type CustomerListData = { customers: CustomerListItem[]; newer: string | null; older: string | null };

export const CUSTOMERS_LOAD_ERROR = "An unexpected error occurred while retrieving the customers";

/**
 * The Customers tab (issue 28): accounts and guest buyers, one per e-mail address, the most recent
 * buyers first; a GET search (works without JavaScript, keeps its state in the URL) and keyset pages.
 */
export function CustomersPanel({
  query,
  list,
  error,
}: {
  query: AdminCustomersQuery;
  list: CustomerListData | null;
  /** A refused search (control characters, too long) or the load failure message. */
  error: string | null;
}) {
  const back = adminCustomersSearch(query, { after: query.after, before: query.before });
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        Customers
      </h2>
      <CustomerSearch query={query} />
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {error}
        </p>
      ) : null}
      {list ? (
        list.customers.length === 0 ? (
          <div className="rounded-lg border border-dashed border-line p-8 text-center">
            <p className="font-semibold">No customers found</p>
            {query.q ? (
              <Link to="/admin/customers" className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
                Clear search
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <CustomersTable customers={list.customers} back={back} />
            <CustomersList customers={list.customers} back={back} />
            <CustomerPaging query={query} newer={list.newer} older={list.older} />
          </>
        )
      ) : null}
    </section>
  );
}

function CustomerSearch({ query }: { query: AdminCustomersQuery }) {
  return (
    <Form
      method="get"
      action="/admin/customers"
      role="search"
      aria-label="Search customers"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4 sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor="customers-q" className="text-sm font-medium">
          Search
        </label>
        <Input
          id="customers-q"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
          placeholder="Name, e-mail or postcode"
          autoComplete="off"
        />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
        {query.q ? (
          <Link to="/admin/customers" className="text-sm font-medium text-brand-700 underline">
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function AccountBadge({ hasAccount }: { hasAccount: boolean }) {
  return hasAccount ? <Badge variant="default">Account</Badge> : <Badge variant="muted">Guest</Badge>;
}

function LastOrder({ at }: { at: Moment | null }) {
  if (!at) {
    return (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">No paid order</span>
      </>
    );
  }
  return <time dateTime={at.iso}>{at.text}</time>;
}

/** The customer page keeps the list's search and page, so "Back to customers" returns to it. */
const pageOf = (id: string, back: string) => `/admin/customers/${id}${back}`;

function CustomersTable({ customers, back }: { customers: CustomerListItem[]; back: string }) {
  const cell = "px-4 py-3";
  return (
    <div
      role="region"
      aria-label="Customers table"
      tabIndex={0}
      className="relative hidden overflow-x-auto rounded-lg border border-line sm:block"
    >
      <table className="w-full border-collapse text-left text-sm whitespace-nowrap">
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>
              Customer
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Account
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              Orders
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              Spent
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Last order
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id} className="border-t border-line align-middle">
              <th scope="row" className={`${cell} font-normal`}>
                <Link to={pageOf(customer.id, back)} className="block font-medium text-brand-700 hover:underline">
                  {customer.name || customer.email}
                </Link>
                {customer.name ? <span className="block text-xs text-muted">{customer.email}</span> : null}
              </th>
              <td className={cell}>
                <AccountBadge hasAccount={customer.hasAccount} />
              </td>
              <td className={`${cell} text-right tabular-nums`}>{customer.ordersCount}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatEuro(customer.spentCents)}</td>
              <td className={cell}>
                <LastOrder at={customer.lastOrderAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones get the same customers as cards: every figure readable without scrolling sideways. */
function CustomersList({ customers, back }: { customers: CustomerListItem[]; back: string }) {
  return (
    <ul aria-label="Customers" className="space-y-3 sm:hidden">
      {customers.map((customer) => (
        <li key={customer.id} className="rounded-lg border border-line bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link to={pageOf(customer.id, back)} className="block font-medium break-words text-brand-700 underline">
                {customer.name || customer.email}
              </Link>
              {customer.name ? <p className="text-xs break-all text-muted">{customer.email}</p> : null}
            </div>
            <AccountBadge hasAccount={customer.hasAccount} />
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted">Orders</dt>
              <dd className="tabular-nums">{customer.ordersCount}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Spent</dt>
              <dd className="tabular-nums">{formatEuro(customer.spentCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Last order</dt>
              <dd>
                <LastOrder at={customer.lastOrderAt} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function CustomerPaging({
  query,
  newer,
  older,
}: {
  query: AdminCustomersQuery;
  newer: string | null;
  older: string | null;
}) {
  if (!newer && !older) return null;
  const link = "inline-flex h-9 items-center rounded-md border border-line px-3 text-sm font-medium hover:bg-surface";
  return (
    <nav aria-label="Customers pages" className="flex items-center justify-between gap-3">
      {newer ? (
        <Link to={`/admin/customers${adminCustomersSearch(query, { before: newer })}`} className={link}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={`/admin/customers${adminCustomersSearch(query, { after: older })}`} className={link}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
