/** All Orders (issue 28, items 4–6): the server side, for the route modules. */
export { ADMIN_ORDERS_PAGE_SIZE, listAdminOrders, type AdminOrderPage, type AdminOrderRow } from "./list-orders.server";
export { countOrderFilters, type FilterCounts } from "./filter-counts.server";
export { exportOrdersCsv } from "./export-csv.server";
export {
  BULK_SHIP_MAX,
  bulkMarkShipped,
  bulkShipCandidates,
  selectedOrderIds,
  type BulkShipCandidate,
  type BulkShipOutcome,
} from "./bulk-ship.server";
export { openWithdrawals } from "./open-withdrawals.server";
