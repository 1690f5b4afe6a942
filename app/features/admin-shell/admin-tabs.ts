/**
 * The admin dashboard's tabs: the Dashboard (issue 29, at /admin itself), then the tabs of spec 1
 * §2.15 in their order. Each other tab has its own URL, /admin/<id> (its own route module), and the
 * old /admin?tab=<id> links are redirected there.
 */
export const ADMIN_TABS = [
  { id: "dashboard", label: "Dashboard" },
  { id: "products", label: "Product Management" },
  { id: "homepage", label: "Homepage Content" },
  { id: "api", label: "API Connection" },
  { id: "sftp", label: "SFTP" },
  { id: "ftp", label: "FTP" },
  { id: "users", label: "Users" },
  { id: "orders", label: "All Orders" },
  { id: "customers", label: "Customers" },
  { id: "emails", label: "E-mails" },
  { id: "reports", label: "Reports" },
  { id: "search", label: "Search" },
  { id: "coupons", label: "Coupons" },
  { id: "settings", label: "Site Settings" },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

export const DEFAULT_ADMIN_TAB: AdminTabId = "dashboard";

/** A known tab id, or null (a missing or unknown ?tab= shows the default tab). */
export function findAdminTab(value: string | null | undefined): AdminTabId | null {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? null;
}

export function adminTabLabel(id: AdminTabId): string {
  return ADMIN_TABS.find((tab) => tab.id === id)!.label;
}

export function adminTabPath(id: AdminTabId): string {
  return id === DEFAULT_ADMIN_TAB ? "/admin" : `/admin/${id}`;
}

/** Built admin pages outside the tab bar: their own heading in the shell. */
export const ADMIN_PAGES: Record<string, { title: string }> = {
  "image-migration": { title: "Image Migration Tool" },
  feeds: { title: "Supplier Feeds" },
};

/**
 * The shell's frame for a path under /admin: which tab is current (null: none) and the page's
 * heading — "Admin Dashboard" on the tabs, the page's own name on pages outside them.
 */
export function adminFrameOfPath(pathname: string): { tab: AdminTabId | null; title: string } {
  const first = pathname.replace(/^\/admin\/?/, "").split("/")[0] ?? "";
  if (first === "") return { tab: DEFAULT_ADMIN_TAB, title: "Admin Dashboard" };
  const tab = findAdminTab(first);
  if (tab) return { tab, title: "Admin Dashboard" };
  if (first === "product-management") return { tab: "products", title: "Admin Dashboard" };
  if (Object.hasOwn(ADMIN_PAGES, first)) return { tab: null, title: ADMIN_PAGES[first]!.title };
  return { tab: null, title: "Admin Dashboard" };
}
