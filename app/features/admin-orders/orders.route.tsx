import { data, Outlet, redirect } from "react-router";
import type { Route } from "./+types/orders.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { ORDERS_LOAD_ERROR, OrdersPanel, type OrderListData } from "./orders-panel";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { adminOrdersSearch, EMPTY_ADMIN_ORDERS_QUERY, isUuid, parseAdminOrdersQuery } from "~/features/orders";
import { BulkShipDialog, type BulkShipResult } from "./bulk-ship";
import { withdrawalDue } from "./withdrawal-due";
import { BULK_SHIP_MAX, bulkMarkShipped, bulkShipCandidates, selectedOrderIds } from "./bulk-ship.server";
import { countOrderFilters } from "./filter-counts.server";
import { listAdminOrders } from "./list-orders.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";

export function meta() {
  return [{ title: "All Orders | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/**
 * All Orders (spec 1 §2.15, issue 28). `?order=<id>` is the dialog's other address: it goes to
 * /admin/orders/<id>. `?ship=<id>…` (or `shipPage=<id>,<id>…` from the select-all box) opens the
 * "Mark as shipped" confirmation over the list.
 */
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
    return data(
      { query: EMPTY_ADMIN_ORDERS_QUERY, list: null, counts: null, bulk: null, error: parsed.error },
      { status: 400 },
    );
  }
  const { query } = parsed;
  const closeTo = `/admin/orders${adminOrdersSearch(query, { after: query.after ?? undefined, before: query.before ?? undefined })}`;
  const asked = [...url.searchParams.getAll("ship"), ...url.searchParams.getAll("shipPage")];
  try {
    const ids = asked.length > 0 ? (selectedOrderIds(asked) ?? []) : null;
    const [page, counts, candidates] = await Promise.all([
      listAdminOrders(context.db, query),
      countOrderFilters(context.db, query),
      ids ? bulkShipCandidates(context.db, ids) : null,
    ]);
    const now = new Date();
    const list: OrderListData = {
      ...page,
      orders: page.orders.map(({ withdrawalDueAt, ...order }) => ({
        ...order,
        createdAt: adminMoment(order.createdAt),
        withdrawalDue: withdrawalDueAt ? withdrawalDue(withdrawalDueAt, now) : null,
      })),
    };
    return { query, list, counts, bulk: candidates ? { candidates, closeTo } : null, error: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin order list failed");
    return data({ query, list: null, counts: null, bulk: null, error: ORDERS_LOAD_ERROR }, { status: 500 });
  }
}

const bulkRefusal = (status: number, title: string, description: string) =>
  data<BulkShipResult>({ ok: false, intent: "bulk-ship", title, description, shipped: [], refused: [] }, { status });

/** "Mark as shipped" for the selected orders (the only form this list posts). */
export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    "bulk-ship": intent({
      parse: ({ form }) => {
        const values = form.getAll("orderId").map(String);
        const ids = selectedOrderIds(values);
        if (ids === null) {
          return refuse(
            bulkRefusal(400, "Too many orders", `Mark at most ${BULK_SHIP_MAX} orders as shipped at once.`),
          );
        }
        if (ids.length === 0 || ids.length !== values.length) {
          return refuse(
            bulkRefusal(400, "No orders marked as shipped", "Select the orders again: an order id was not valid."),
          );
        }
        return ids;
      },
      run: async (ids, { context, actor }) => {
        const outcome = await bulkMarkShipped(context.db, actor, ids, context.config);
        const n = outcome.shipped.length;
        return data<BulkShipResult>({
          ok: outcome.refused.length === 0,
          intent: "bulk-ship",
          title: `${n} ${n === 1 ? "order" : "orders"} marked as shipped`,
          description:
            outcome.refused.length > 0
              ? `${outcome.refused.length} not shipped: ${outcome.refused.length === 1 ? "its status does" : "their status does"} not allow it.`
              : n > 0
                ? "Each customer gets the shipped e-mail once."
                : undefined,
          ...outcome,
        });
      },
    }),
  }),
  unknown: () => bulkRefusal(400, "Unknown action", "Reload the page and try again."),
});

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <OrdersPanel
        query={loaderData.query}
        list={loaderData.list}
        counts={loaderData.counts}
        error={loaderData.error}
        bulkResult={actionData}
      />
      {loaderData.bulk ? (
        <BulkShipDialog candidates={loaderData.bulk.candidates} closeTo={loaderData.bulk.closeTo} />
      ) : null}
      <Outlet />
    </>
  );
}
