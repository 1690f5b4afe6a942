import { data, redirect } from "react-router";
import type { Route } from "./+types/dashboard.route";
import { adminTabPath, findAdminTab } from "~/features/admin-shell";
import { requireAdmin } from "~/features/accounts/index.server";
import { DASHBOARD_LOAD_ERROR, DashboardPanel } from "./dashboard-panel";
import { loadDashboard } from "./dashboard.server";
import { todoItems } from "./todo";

export function meta() {
  return [{ title: "Dashboard | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/**
 * /admin: the Dashboard (issue 29). The old tab links, /admin?tab=<id>, go to the tab's own URL
 * with the rest of their query.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const tab = findAdminTab(url.searchParams.get("tab"));
  if (tab) {
    url.searchParams.delete("tab");
    const query = url.searchParams.toString();
    throw redirect(`${adminTabPath(tab)}${query ? `?${query}` : ""}`, 302);
  }
  const now = new Date();
  try {
    const { sales, todo } = await loadDashboard(context.db, now);
    const counts = { ...todo, nearestRefundDue: todo.nearestRefundDue?.toISOString() ?? null };
    return {
      sales,
      todo: todoItems(counts, { smtpConfigured: Boolean(context.config.smtpUrl), now }),
      error: null,
    };
  } catch (error) {
    context.logger.error({ err: error }, "admin dashboard failed");
    return data({ sales: null, todo: null, error: DASHBOARD_LOAD_ERROR }, { status: 500 });
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardPanel sales={loaderData.sales} todo={loaderData.todo} error={loaderData.error} />;
}
