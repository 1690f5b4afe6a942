/**
 * Orders (issue 28 onwards): what the rest of the app may use. The older order code still lives in
 * app/domain/orders; it moves here with the restructuring (issue 32).
 */
export { paidPerLine, planRefund, refundedPieces, shippingPerRate } from "./refund-allocation";
export type {
  AllocationItem,
  AllocationOrder,
  EarlierRefund,
  PlannedRefund,
  RefundPlanError,
} from "./refund-allocation";
export { withdrawalPrefill } from "./refund-prefill";
export { RefundSection, type RefundFormView } from "./refund-form";
