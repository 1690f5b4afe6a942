/** Product Management (issue 29, ADR 0034): the server side, for the route modules. */
export { loadProductsTab, selectedArtNos, SELECTION_MAX } from "./products-tab.http.server";
export { countProducts, listProducts, productFilterCondition, EXACT_TOTAL_LIMIT } from "./list-products.server";
export {
  BULK_MAX,
  countBulkTarget,
  runBulkAction,
  type BulkAction,
  type BulkOutcome,
  type BulkTarget,
} from "./bulk.server";
export { deleteProduct, restoreProduct, setProductActive, type ProductWriteOutcome } from "./product-writes.server";
export { exportProductsCsv } from "./export-csv.server";
export { parsePriceChange } from "./price-change";
export { addProductTag, removeProductTag } from "./products-admin.server";
