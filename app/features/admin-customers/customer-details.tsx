import type { ReactNode } from "react";
import { Link } from "react-router";
import { shortOrderId } from "~/features/shopper-orders";
import { OrderStatusDot, PaymentBadge } from "~/features/shopper-orders/status";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { Badge } from "~/shared/ui/badge";
import { ArrowLeft } from "~/shared/ui/icons";
import { formatEuro } from "~/shared/money/money";

export type CustomerView = {
  id: string;
  email: string;
  name: string;
  ordersCount: number;
  spentCents: number;
  lastOrderAt: Moment | null;
  account: { id: string; role: "customer" | "admin"; isActive: boolean; createdAt: Moment } | null;
  orderTotal: number;
  orders: {
    id: string;
    createdAt: Moment;
    status: string;
    paymentStatus: string;
    totalCents: number;
    refundedCents: number;
    asGuest: boolean;
  }[];
  addresses: {
    lines: string[];
    isDefault: boolean;
    lastUsedAt: Moment;
  }[];
  withdrawals: {
    id: string;
    orderId: string;
    createdAt: Moment;
    refundDueAt: Moment;
    channel: string;
    itemCount: number;
    reason: string | null;
  }[];
  refunds: {
    id: string;
    orderId: string;
    createdAt: Moment;
    amountCents: number;
    status: string;
    createdByEmail: string;
  }[];
};

export const CUSTOMER_NOT_FOUND = "Customer not found";

const REFUND_STATUS: Record<string, string> = { pending: "Pending", succeeded: "Succeeded", failed: "Failed" };

/** A customer's page: who they are, what they bought, where it went, and what came back. */
export function CustomerDetails({ customer, back }: { customer: CustomerView; back: string }) {
  return (
    <article aria-labelledby="customer-title" className="space-y-6">
      <Link
        to={`/admin/customers${back}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden size={16} />
        Back to customers
      </Link>
      <header className="space-y-2">
        <h2 id="customer-title" className="text-xl font-semibold break-words">
          {customer.name || customer.email}
        </h2>
        {customer.name ? <p className="break-all text-muted">{customer.email}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          {customer.account ? (
            <>
              <Badge variant="default">Account</Badge>
              <Badge variant="outline">{customer.account.role === "admin" ? "Admin" : "Customer"}</Badge>
              {customer.account.isActive ? null : <Badge variant="danger">Inactive</Badge>}
              <Link
                to={`/admin/users?q=${encodeURIComponent(customer.email)}`}
                className="text-sm font-medium text-brand-700 underline"
              >
                Open in Users
              </Link>
            </>
          ) : (
            <Badge variant="muted">Guest</Badge>
          )}
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Paid orders">{customer.ordersCount}</Figure>
        <Figure label="Spent">{formatEuro(customer.spentCents)}</Figure>
        <Figure label="Last order">
          {customer.lastOrderAt ? <time dateTime={customer.lastOrderAt.iso}>{customer.lastOrderAt.text}</time> : "None"}
        </Figure>
        <Figure label={customer.account ? "Account since" : "Orders placed"}>
          {customer.account ? (
            <time dateTime={customer.account.createdAt.iso}>{customer.account.createdAt.text}</time>
          ) : (
            customer.orderTotal
          )}
        </Figure>
      </dl>

      <Section id="customer-orders" title="Orders">
        {customer.orders.length === 0 ? (
          <Empty>No orders yet.</Empty>
        ) : (
          <>
            <Table
              label="Orders of this customer"
              columns={["Order", "Date", "Status", "Payment", "Total", "Placed as"]}
            >
              {customer.orders.map((order) => (
                <tr key={order.id} className="border-t border-line align-middle">
                  <th scope="row" className="px-4 py-3 font-mono font-medium">
                    <Link to={`/admin/orders/${order.id}`} className="text-brand-700 underline">
                      {shortOrderId(order.id)}
                    </Link>
                  </th>
                  <td className="px-4 py-3">
                    <time dateTime={order.createdAt.iso}>{order.createdAt.text}</time>
                  </td>
                  <td className="px-4 py-3" lang="nl">
                    <OrderStatusDot status={order.status} />
                  </td>
                  <td className="px-4 py-3" lang="nl">
                    <PaymentBadge status={order.paymentStatus} refundedCents={order.refundedCents} />
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatEuro(order.totalCents)}</td>
                  <td className="px-4 py-3">{order.asGuest ? "Guest" : "Account"}</td>
                </tr>
              ))}
            </Table>
            {customer.orderTotal > customer.orders.length ? (
              <p className="text-sm text-muted">{`The newest ${customer.orders.length} of ${customer.orderTotal} orders.`}</p>
            ) : null}
          </>
        )}
      </Section>

      <Section id="customer-addresses" title="Addresses">
        {customer.addresses.length === 0 ? (
          <Empty>No addresses.</Empty>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {customer.addresses.map((address) => (
              <li key={address.lines.join("|")} className="rounded-lg border border-line bg-white p-4 text-sm">
                <address className="not-italic">
                  {address.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <p className="mt-2 text-xs text-muted">
                  {address.isDefault ? "Default address · " : ""}
                  {"Last used "}
                  <time dateTime={address.lastUsedAt.iso}>{address.lastUsedAt.text}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="customer-withdrawals" title="Withdrawals">
        {customer.withdrawals.length === 0 ? (
          <Empty>No withdrawals.</Empty>
        ) : (
          <Table label="Withdrawals of this customer" columns={["Received", "Order", "Items", "Refund due", "Via"]}>
            {customer.withdrawals.map((w) => (
              <tr key={w.id} className="border-t border-line align-middle">
                <th scope="row" className="px-4 py-3 font-normal">
                  <time dateTime={w.createdAt.iso}>{w.createdAt.text}</time>
                </th>
                <td className="px-4 py-3 font-mono">
                  <Link to={`/admin/orders/${w.orderId}`} className="text-brand-700 underline">
                    {shortOrderId(w.orderId)}
                  </Link>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{w.itemCount}</td>
                <td className="px-4 py-3">
                  <time dateTime={w.refundDueAt.iso}>{w.refundDueAt.text}</time>
                </td>
                <td className="px-4 py-3">{w.channel === "guest" ? "Guest link" : "Account"}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section id="customer-refunds" title="Refunds">
        {customer.refunds.length === 0 ? (
          <Empty>No refunds.</Empty>
        ) : (
          <Table label="Refunds of this customer" columns={["Date", "Order", "Amount", "Status", "By"]}>
            {customer.refunds.map((r) => (
              <tr key={r.id} className="border-t border-line align-middle">
                <th scope="row" className="px-4 py-3 font-normal">
                  <time dateTime={r.createdAt.iso}>{r.createdAt.text}</time>
                </th>
                <td className="px-4 py-3 font-mono">
                  <Link to={`/admin/orders/${r.orderId}`} className="text-brand-700 underline">
                    {shortOrderId(r.orderId)}
                  </Link>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{formatEuro(r.amountCents)}</td>
                <td className="px-4 py-3">{REFUND_STATUS[r.status] ?? r.status}</td>
                <td className="px-4 py-3">{r.createdByEmail}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </article>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-white p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}

/** A table that scrolls sideways on a phone (focusable, so keyboard users can scroll it too). */
function Table({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-line"
    >
      <table className="w-full border-collapse text-left text-sm whitespace-nowrap">
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
