/**
 * Product Management to work in (issue 29, ADR 0034): the list's filters, total, bulk actions, undo
 * and CSV export. Components and pure helpers, safe for the browser; the route modules are
 * products.route.tsx (the tab) and export-csv.route.ts here (/admin/products/export.csv).
 */
export { ProductsPanel } from "./products-panel";
export {
  LOW_STOCK_THRESHOLD,
  NO_PRODUCT_FILTERS,
  parseProductListFilters,
  productFilterParams,
  productFilterQuery,
  productTotalText,
  type ProductListFilters,
  type ProductStatusFilter,
  type ProductStockFilter,
} from "./products-query";
export { applyPriceChange, changedPrice, parsePriceChange, priceChangeText, type PriceChange } from "./price-change";
export type { ProductActionResult, ProductsTabData, BulkDialogView, BulkKind } from "./products-tab-data";
export type { ProductListRow, ProductListPage, ProductTotal } from "./product-list-types";
// A product tag as the admin types it (the product page's tag editor checks the same way).
export { parseTag } from "./product-input";
