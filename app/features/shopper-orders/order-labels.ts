import { formatEuro } from "~/shared/money/money";

/**
 * How order, payment and dropshipment states read (spec 1 §4), for the shopper's order list and the
 * admin's orders tab alike. Colours are named by meaning (`tone`); each screen maps a tone to its
 * own classes.
 */
export type StatusTone = "success" | "warning" | "info" | "danger" | "neutral";

export type StatusLabel = { label: string; tone: StatusTone };

const ORDER_STATUSES: Record<string, StatusLabel> = {
  pending: { label: "In afwachting", tone: "warning" },
  processing: { label: "In behandeling", tone: "info" },
  shipped: { label: "Verzonden", tone: "info" },
  completed: { label: "Voltooid", tone: "success" },
  cancelled: { label: "Geannuleerd", tone: "danger" },
};

/** An order status; a value the spec does not name is shown as it is stored. */
export function orderStatusLabel(status: string): StatusLabel {
  return own(ORDER_STATUSES, status) ?? { label: status, tone: "neutral" };
}

const PAYMENT_STATUSES: Record<string, StatusLabel> = {
  paid: { label: "Betaald", tone: "success" },
  unpaid: { label: "Niet betaald", tone: "warning" },
  refunded: { label: "Terugbetaald", tone: "info" },
};

/**
 * A payment status; anything else is "Onbekend". A paid order with money paid back reads "Deels
 * terugbetaald € X" (issue 28): the stored status stays "paid" until everything is refunded.
 */
export function paymentStatusLabel(status: string, refundedCents = 0): StatusLabel {
  if (status === "paid" && refundedCents > 0) {
    return { label: `Deels terugbetaald ${formatEuro(refundedCents)}`, tone: "info" };
  }
  return own(PAYMENT_STATUSES, status) ?? { label: "Onbekend", tone: "neutral" };
}

export type DropshipmentProgress = StatusLabel & { percent: number };

const DROPSHIPMENT_STATUSES: Record<string, DropshipmentProgress> = {
  pending: { label: "In afwachting", tone: "warning", percent: 25 },
  processing: { label: "In behandeling", tone: "info", percent: 50 },
  completed: { label: "Voltooid", tone: "success", percent: 100 },
  failed: { label: "Mislukt", tone: "danger", percent: 100 },
};

/** The supplier's progress on an order; other values show as they are stored, at 0 percent. */
export function dropshipmentProgress(status: string): DropshipmentProgress {
  return own(DROPSHIPMENT_STATUSES, status) ?? { label: status, tone: "neutral", percent: 0 };
}

// Own keys only: a status called "constructor" or "toString" is just an unknown status.
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

const orderDate = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  // One zone for server and browser, so the server HTML and the hydrated page agree.
  timeZone: "Europe/Amsterdam",
});

/** "21 november 2026": the day an order was placed, in the shop's time zone. */
export function formatOrderDate(date: Date | string): string {
  return orderDate.format(typeof date === "string" ? new Date(date) : date);
}
