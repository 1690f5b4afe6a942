/**
 * Orders: the server side the rest of the app may use: the one payment confirmation (ADR 0009) and
 * its reconciling job, the admin's order details with status changes, and refunds.
 */
export { closeUnpaidOrder, confirmPayment, PaymentVerificationError, type ConfirmDeps } from "./confirm-payment.server";
export { RECONCILE_EVERY_MS, RECONCILE_QUEUE, reconcileOpenPayments } from "./reconcile-payments.server";
export { changeOrderStatus, getAdminOrder, type AdminOrderDetails } from "./admin-orders.server";
export { listRefunds, refundOrder, type RefundView } from "./refunds.server";
