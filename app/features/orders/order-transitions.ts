/** The order states of spec 1 §4 (the same union as the orders table's `status`; this module is shared with the browser). */
export type OrderStatus = "pending" | "processing" | "shipped" | "completed" | "cancelled";

/**
 * The moves an admin may make with an order (issue 8): pending → processing → completed, and
 * cancel while it is not yet shipped; "shipped" (issue 11, with an optional tracking link) may come
 * between processing and completed. Completed and cancelled are final; a status the spec does
 * not name allows nothing (it needs a person who knows what it means, not a button).
 */
const NEXT: Record<string, readonly OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "completed", "cancelled"],
  shipped: ["completed"],
};

export const ORDER_STATUSES: readonly OrderStatus[] = ["pending", "processing", "shipped", "completed", "cancelled"];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function allowedTransitions(from: string): readonly OrderStatus[] {
  return Object.hasOwn(NEXT, from) ? NEXT[from]! : [];
}

/** Why `from` → `to` is refused (English: the admin reads it), or null when the move is allowed. */
export function transitionProblem(from: string, to: string): string | null {
  if (allowedTransitions(from).includes(to as OrderStatus)) return null;
  if (from === to) return `The order is already ${from}.`;
  const allowed = allowedTransitions(from);
  return allowed.length === 0
    ? `An order that is ${from} cannot change its status.`
    : `An order that is ${from} cannot be moved to ${to}; it can be moved to ${allowed.join(" or ")}.`;
}

/** The button an admin presses for a move. */
export function transitionLabel(to: OrderStatus): string {
  switch (to) {
    case "processing":
      return "Mark as processing";
    case "shipped":
      return "Mark as shipped";
    case "completed":
      return "Mark as completed";
    case "cancelled":
      return "Cancel order";
    default:
      return `Mark as ${to}`;
  }
}

/**
 * The status an order moves to when the supplier accepts its dropshipment (ADR 0029), or null when
 * it stays. The supplier packs and sends the parcel itself and reports nothing more, so from here
 * the owner knows no more than the shop: a paid order ("processing", or "pending" if it never got
 * there) is "shipped" — handed over for delivery. An order already shipped, completed or cancelled
 * keeps its status.
 */
export function statusOnSupplierAcceptance(from: string): OrderStatus | null {
  return from === "pending" || from === "processing" ? "shipped" : null;
}
