import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import type { AdminProductDetail } from "./product-types";
import type { ProductListPage, ProductTotal } from "./product-list-types";
import type { ProductListFilters } from "./products-query";

/** What Product Management's loader sends (plain types: the browser imports them). */
export type BulkKind = "price" | "status" | "category";

export type BulkDialogView = {
  kind: BulkKind;
  scope: "selection" | "filter";
  artNos: number[];
  /** Products the change would touch now (up to BULK_MAX + 1). */
  count: number;
  /** Why it cannot go ahead (nothing selected, too many), or null. */
  problem: string | null;
};

export type ProductNameView = { artNo: number; brand: string | null; shortDescription: string | null };

export type ProductsTabData = {
  filters: ProductListFilters;
  page: ProductListPage | null;
  total: ProductTotal | null;
  pageNumber: number;
  categories: { id: number; name: string }[];
  editing: AdminProductDetail | null;
  deleting: ProductNameView | null;
  deactivating: ProductNameView | null;
  bulk: BulkDialogView | null;
  loadError: string | null;
};

/** An action's answer; `undo` is the form that reverses it ("Undo" in the toast or on the page). */
export type ProductActionResult = AdminActionResult & {
  undo?: { label: string; fields: Record<string, string> };
};
