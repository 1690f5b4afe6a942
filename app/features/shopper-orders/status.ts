/** An order's status as it is shown (Dutch labels, the status dot, the payment badge, the dropshipment's progress). */
export { dropshipmentProgress, orderStatusLabel, paymentStatusLabel, type StatusTone } from "./order-labels";
export { OrderStatusDot, PaymentBadge } from "./order-status";
