import { data } from "react-router";
import type { Route } from "./+types/customers.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { requireAdmin } from "~/features/accounts/index.server";
import { CUSTOMERS_LOAD_ERROR, CustomersPanel, type CustomerListData } from "./customers-panel";
import { parseAdminCustomersQuery, type AdminCustomersQuery } from "./customers-query";
import { listCustomers } from "./customers.server";

export function meta() {
  return [{ title: "Customers | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

const EMPTY_QUERY: AdminCustomersQuery = { q: "", after: null, before: null };

/** The Customers tab (issue 28): accounts and guest buyers by e-mail address, searchable, keyset pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const parsed = parseAdminCustomersQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return data({ query: EMPTY_QUERY, list: null, error: parsed.error }, { status: 400 });
  try {
    const page = await listCustomers(context.db, parsed.query);
    const list: CustomerListData = {
      ...page,
      customers: page.customers.map((customer) => ({
        ...customer,
        lastOrderAt: customer.lastOrderAt ? adminMoment(customer.lastOrderAt) : null,
      })),
    };
    return { query: parsed.query, list, error: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin customer list failed");
    return data({ query: parsed.query, list: null, error: CUSTOMERS_LOAD_ERROR }, { status: 500 });
  }
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersPanel query={loaderData.query} list={loaderData.list} error={loaderData.error} />;
}
