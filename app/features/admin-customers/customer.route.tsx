import { data } from "react-router";
import type { Route } from "./+types/customer.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { requireAdmin } from "~/features/accounts/index.server";
import { parcelAddressLines } from "~/features/shopper-orders/summary";
import { CUSTOMER_NOT_FOUND, CustomerDetails, type CustomerView } from "./customer-details";
import { adminCustomersSearch, isUuid, parseAdminCustomersQuery } from "./customers-query";
import { getCustomerDetails, type CustomerDetails as Details } from "./customers.server";

export function meta({ data: loaderData }: Route.MetaArgs) {
  const who = loaderData && "customer" in loaderData && loaderData.customer ? loaderData.customer.email : "Customer";
  return [{ title: `${who} | Customers | Admin Dashboard | Trapkracht` }, { name: "robots", content: "noindex" }];
}

function view(customer: Details): CustomerView {
  return {
    ...customer,
    lastOrderAt: customer.lastOrderAt ? adminMoment(customer.lastOrderAt) : null,
    account: customer.account ? { ...customer.account, createdAt: adminMoment(customer.account.createdAt) } : null,
    orders: customer.orders.map((order) => ({ ...order, createdAt: adminMoment(order.createdAt) })),
    addresses: customer.addresses.map((address) => ({
      // The name is the page's heading; the card shows the door.
      lines: parcelAddressLines("", address).filter(Boolean),
      isDefault: address.isDefault,
      lastUsedAt: adminMoment(address.lastUsedAt),
    })),
    withdrawals: customer.withdrawals.map((w) => ({
      ...w,
      createdAt: adminMoment(w.createdAt),
      refundDueAt: adminMoment(w.refundDueAt),
    })),
    refunds: customer.refunds.map((r) => ({ ...r, createdAt: adminMoment(r.createdAt) })),
  };
}

/** One customer (issue 28): their orders, addresses, withdrawals and refunds. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const parsed = parseAdminCustomersQuery(new URL(request.url).searchParams);
  const back = parsed.ok ? adminCustomersSearch(parsed.query, parsed.query) : "";
  // Only a row id can name a customer; anything else (control characters included) is not found.
  const customer = isUuid(params.key) ? await getCustomerDetails(context.db, params.key.toLowerCase()) : null;
  if (!customer) return data({ customer: null, back, error: CUSTOMER_NOT_FOUND }, { status: 404 });
  return { customer: view(customer), back, error: null };
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  if (!loaderData.customer) {
    return (
      <section aria-labelledby="admin-panel-title" className="space-y-3">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          {loaderData.error}
        </h2>
        <p className="text-muted">The customer may have been removed, or the link is incomplete.</p>
        <a href={`/admin/customers${loaderData.back}`} className="font-medium text-brand-700 underline">
          Back to customers
        </a>
      </section>
    );
  }
  return <CustomerDetails customer={loaderData.customer} back={loaderData.back} />;
}
