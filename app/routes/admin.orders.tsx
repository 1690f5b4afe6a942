import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/admin.orders";
import { adminMoment } from "~/components/admin/admin-format";
import { ORDERS_LOAD_ERROR, OrdersPanel, type OrderListData } from "~/components/admin/orders-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { listAdminOrders } from "~/domain/orders/admin-orders.server";
import { isUuid, parseAdminOrdersQuery, type AdminOrdersQuery } from "~/domain/orders/admin-orders-query";

export function meta() {
  return [{ title: "All Orders | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

const EMPTY_QUERY: AdminOrdersQuery = { q: "", status: null, payment: null, after: null, before: null };

/** All Orders (spec 1 §2.15). `?order=<id>` is the dialog's other address: it goes to /admin/orders/<id>. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const orderParam = url.searchParams.get("order");
  if (orderParam !== null && url.pathname.replace(/\/+$/, "") === "/admin/orders") {
    url.searchParams.delete("order");
    const rest = url.searchParams.toString();
    const target = isUuid(orderParam) ? orderParam.toLowerCase() : encodeURIComponent(orderParam);
    throw redirect(`/admin/orders/${target}${rest ? `?${rest}` : ""}`, 302);
  }
  const parsed = parseAdminOrdersQuery(url.searchParams);
  if (!parsed.ok) {
    return data({ query: EMPTY_QUERY, list: null, error: parsed.error }, { status: 400 });
  }
  try {
    const page = await listAdminOrders(context.db, parsed.query);
    const list: OrderListData = {
      ...page,
      orders: page.orders.map((order) => ({ ...order, createdAt: adminMoment(order.createdAt) })),
    };
    return { query: parsed.query, list, error: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin order list failed");
    return data({ query: parsed.query, list: null, error: ORDERS_LOAD_ERROR }, { status: 500 });
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <OrdersPanel query={loaderData.query} list={loaderData.list} error={loaderData.error} />
      <Outlet />
    </>
  );
}
