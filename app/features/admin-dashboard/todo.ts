import { adminOrdersSearch, EMPTY_ADMIN_ORDERS_QUERY, type AdminOrdersFilters } from "~/features/orders";
import { formatAdminDate } from "~/shared/dates/admin-dates";

/**
 * Products with this many pieces or fewer (and at least one) are "low on stock": the Dashboard's
 * to-do and Product Management's `stock=low` filter use this one number. (The partial index
 * stock_low_idx in app/features/catalogue/schema.ts writes the same 5: change both together.)
 */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * A to-do count stops here: past it the Dashboard says "1.000+" instead of reading on (the list
 * behind the link has the whole of it). Keeps a shop with 300 000 sold-out products as fast as one
 * with three: at most 1 001 index entries and product lookups per count.
 */
export const COUNT_CAP = 1_000;

/** The counts as the loader sends them (the deadline as an ISO moment). */
export type TodoCounts = {
  supplierWaiting: number;
  dropshipFailed: number;
  openWithdrawals: number;
  nearestRefundDue: string | null;
  outOfStock: number;
  lowStock: number;
  failedFeedRuns: number;
  mailFailed: number;
  mailLastError: string | null;
  mailPending: number;
};

export type TodoTone = "danger" | "warning";

export type TodoItem = {
  key: string;
  count: number;
  /** "3 paid orders not yet accepted by the supplier" */
  title: string;
  /** Why, or what to do next. */
  detail: string | null;
  href: string;
  tone: TodoTone;
};

const number = new Intl.NumberFormat("nl-NL");

/** "1 product", "3 products", "1.000+ products". */
export function countText(count: number, one: string, many: string): string {
  const shown = count > COUNT_CAP ? `${number.format(COUNT_CAP)}+` : number.format(count);
  return `${shown} ${count === 1 ? one : many}`;
}

const ordersLink = (filters: Partial<AdminOrdersFilters>) =>
  `/admin/orders${adminOrdersSearch({ ...EMPTY_ADMIN_ORDERS_QUERY, ...filters })}`;

/** The links of the to-do list: each opens the list that shows exactly the counted items. */
export const TODO_LINKS = {
  supplierWaiting: ordersLink({ dropship: "waiting" }),
  dropshipFailed: ordersLink({ dropship: "failed" }),
  openWithdrawals: ordersLink({ withdrawal: "open" }),
  outOfStock: "/admin/products?stock=out&status=active",
  lowStock: "/admin/products?stock=low&status=active",
  failedFeedRuns: "/admin/feeds?runs=failed",
  mailPending: "/admin/emails?status=pending",
  mailFailed: "/admin/emails?status=failed",
} as const;

/** An error as one short line (SMTP answers can run over several). */
function shortError(error: string): string {
  const line = error.replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * What needs the admin's attention, most urgent first; only items with something to do. Mails
 * waiting count only while no SMTP server is configured (with one, waiting is just the queue at work).
 */
export function todoItems(counts: TodoCounts, options: { smtpConfigured: boolean; now: Date }): TodoItem[] {
  const items: TodoItem[] = [];
  const add = (item: TodoItem) => {
    if (item.count > 0) items.push(item);
  };
  const due = counts.nearestRefundDue ? new Date(counts.nearestRefundDue) : null;
  add({
    key: "openWithdrawals",
    count: counts.openWithdrawals,
    title: countText(counts.openWithdrawals, "open withdrawal", "open withdrawals"),
    detail: due
      ? due < options.now
        ? `A refund is overdue: it was due on ${formatAdminDate(due)}.`
        : `Refund the first by ${formatAdminDate(due)}.`
      : null,
    href: TODO_LINKS.openWithdrawals,
    tone: due && due < options.now ? "danger" : "warning",
  });
  add({
    key: "dropshipFailed",
    count: counts.dropshipFailed,
    title: countText(counts.dropshipFailed, "dropshipment failed", "dropshipments failed"),
    detail: "The supplier did not take these orders: send them again from the order's page.",
    href: TODO_LINKS.dropshipFailed,
    tone: "danger",
  });
  add({
    key: "supplierWaiting",
    count: counts.supplierWaiting,
    title: countText(
      counts.supplierWaiting,
      "paid order not yet accepted by the supplier",
      "paid orders not yet accepted by the supplier",
    ),
    detail: "Sent or about to be sent to the supplier, with no answer yet.",
    href: TODO_LINKS.supplierWaiting,
    tone: "warning",
  });
  add({
    key: "mailPending",
    count: options.smtpConfigured ? 0 : counts.mailPending,
    title: countText(counts.mailPending, "e-mail waiting to be sent", "e-mails waiting to be sent"),
    detail: "No SMTP server is configured, so no e-mail leaves the shop. Set SMTP_URL to send them.",
    href: TODO_LINKS.mailPending,
    tone: "danger",
  });
  add({
    key: "mailFailed",
    count: counts.mailFailed,
    title: countText(counts.mailFailed, "e-mail not delivered", "e-mails not delivered"),
    detail: counts.mailLastError ? `Last error: ${shortError(counts.mailLastError)}` : null,
    href: TODO_LINKS.mailFailed,
    tone: "danger",
  });
  add({
    key: "failedFeedRuns",
    count: counts.failedFeedRuns,
    title: countText(counts.failedFeedRuns, "supplier feed import failed", "supplier feed imports failed"),
    detail: "No successful import of the same feed came after it.",
    href: TODO_LINKS.failedFeedRuns,
    tone: "danger",
  });
  add({
    key: "outOfStock",
    count: counts.outOfStock,
    title: countText(counts.outOfStock, "product out of stock", "products out of stock"),
    detail: "Active products shoppers cannot order.",
    href: TODO_LINKS.outOfStock,
    tone: "warning",
  });
  add({
    key: "lowStock",
    count: counts.lowStock,
    title: countText(counts.lowStock, "product low on stock", "products low on stock"),
    detail: `Active products with 1 to ${LOW_STOCK_THRESHOLD} left.`,
    href: TODO_LINKS.lowStock,
    tone: "warning",
  });
  return items;
}
