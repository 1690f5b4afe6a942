/**
 * Orders (issue 28 onwards, issue 32): the admin's rules for an order, safe for the browser: the status
 * transitions and the All Orders query. The refund form and its rules are in refund.ts, the services
 * in index.server.ts; the shopper's side of an order is app/features/shopper-orders.
 */
export {
  allowedTransitions,
  isOrderStatus,
  ORDER_STATUSES,
  statusOnSupplierAcceptance,
  transitionLabel,
  transitionProblem,
  type OrderStatus,
} from "./order-transitions";
export {
  adminOrdersSearch,
  calendarDay,
  DROPSHIPMENT_FILTERS,
  EMPTY_ADMIN_ORDERS_QUERY,
  isFiltered,
  isUuid,
  ORDER_SEARCH_MAX_LENGTH,
  orderIdPrefixRange,
  parseAdminOrdersQuery,
  PAYMENT_FILTERS,
  PAYMENT_STATUSES,
  type AdminOrdersFilters,
  type AdminOrdersQuery,
  type AdminOrdersSort,
} from "./admin-orders-query";
