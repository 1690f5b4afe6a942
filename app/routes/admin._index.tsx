import { redirect } from "react-router";
import type { Route } from "./+types/admin._index";
import { adminTabPath, findAdminTab } from "~/components/admin/admin-tabs";
import { ProductsPanel } from "~/components/admin/products-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { loadProductsTab } from "~/domain/catalog-admin/products-tab.server";

/**
 * /admin shows the default tab, Product Management (spec 1 §2.15); its forms post to /admin/products.
 * The old tab links, /admin?tab=<id>, go to the tab's own URL with the rest of their query.
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
  return loadProductsTab(request, context);
}

export default function AdminDefaultTab({ loaderData }: Route.ComponentProps) {
  return <ProductsPanel {...loaderData} result={undefined} />;
}
