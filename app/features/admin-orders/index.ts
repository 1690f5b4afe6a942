/** All Orders (issue 28, items 4–6): components and pure helpers, safe for the browser. */
export { OrderFilters, type FilterCountsView } from "./order-filters";
export { DropshipmentBadge, WithdrawalBadge, type WithdrawalDue } from "./order-badges";
export { withdrawalDue } from "./withdrawal-due";
export {
  BULK_FORM_ID,
  BulkShipBar,
  BulkShipDialog,
  BulkShipReport,
  SelectOrder,
  type BulkShipCandidateView,
  type BulkShipResult,
} from "./bulk-ship";
/** The one way to write CSV for Dutch Excel (also used by the Reports tab). */
