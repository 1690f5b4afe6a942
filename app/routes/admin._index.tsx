import { redirect } from "react-router";
import type { Route } from "./+types/admin._index";
import { ComingSoon } from "~/components/admin/admin-shell";
import { adminTabLabel, adminTabPath, DEFAULT_ADMIN_TAB, findAdminTab } from "~/components/admin/admin-tabs";
import { requireAdmin } from "~/domain/auth/viewer.server";

/**
 * /admin shows the default tab (Product Management, spec 1 §2.15). The old tab links,
 * /admin?tab=<id>, go to the tab's own URL with the rest of their query.
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
  return null;
}

export default function AdminDefaultTab() {
  return <ComingSoon title={adminTabLabel(DEFAULT_ADMIN_TAB)} />;
}
