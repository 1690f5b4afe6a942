/**
 * Refunds (issue 28): the form on the order details and the rules that split a refund over lines,
 * shipping and VAT rates. An entry of its own: the other order pages need the rules in index.ts only.
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
