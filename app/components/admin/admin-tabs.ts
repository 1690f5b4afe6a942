/** The admin dashboard's tabs in the order of spec 1 §2.15, chosen with ?tab= (default products). */
export const ADMIN_TABS = [
  { id: "products", label: "Product Management" },
  { id: "homepage", label: "Homepage Content" },
  { id: "api", label: "API Connection" },
  { id: "sftp", label: "SFTP" },
  { id: "ftp", label: "FTP" },
  { id: "users", label: "Users" },
  { id: "orders", label: "All Orders" },
  { id: "coupons", label: "Coupons" },
  { id: "settings", label: "Site Settings" },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

export const DEFAULT_ADMIN_TAB: AdminTabId = "products";

export function parseAdminTab(value: string | null): AdminTabId {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_ADMIN_TAB;
}

export function adminTabLabel(id: AdminTabId): string {
  return ADMIN_TABS.find((tab) => tab.id === id)!.label;
}

/** The admin pages outside the dashboard (spec 1 §2.1); each is built by a later issue. */
export const ADMIN_SECTIONS = {
  "product-management": { title: "Product Management" },
  "image-migration": { title: "Image Migration Tool" },
  coupons: { title: "Coupon Management" },
} as const;

export type AdminSectionId = keyof typeof ADMIN_SECTIONS;

export function parseAdminSection(splat: string | undefined): AdminSectionId | null {
  const key = (splat ?? "").replace(/\/+$/, "");
  return Object.hasOwn(ADMIN_SECTIONS, key) ? (key as AdminSectionId) : null;
}
