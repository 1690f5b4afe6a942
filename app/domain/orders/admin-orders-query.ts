import { isOrderStatus, type OrderStatus } from "./order-transitions";

export type PaymentStatus = "paid" | "unpaid" | "refunded";

/**
 * The All Orders tab's URL (/admin/orders?q=…&status=…&payment=…&after=<id>|before=<id>), read
 * the same way by the loader and by the links the page draws. Pure: shared with the browser.
 */
export type AdminOrdersQuery = {
  q: string;
  status: OrderStatus | null;
  payment: PaymentStatus | null;
  /** Keyset paging: the page of orders older than this order id, or newer than it. */
  after: string | null;
  before: string | null;
};

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ["paid", "unpaid", "refunded"];
export const ORDER_SEARCH_MAX_LENGTH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** C0 controls and DEL: never part of a search; PostgreSQL refuses NUL outright. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export type ParsedAdminOrdersQuery = { ok: true; query: AdminOrdersQuery } | { ok: false; error: string };

export function parseAdminOrdersQuery(params: URLSearchParams): ParsedAdminOrdersQuery {
  const raw = params.get("q") ?? "";
  if (CONTROL.test(raw)) return { ok: false, error: "The search may not contain control characters." };
  if (raw.length > ORDER_SEARCH_MAX_LENGTH) {
    return { ok: false, error: `The search may be at most ${ORDER_SEARCH_MAX_LENGTH} characters long.` };
  }
  const status = params.get("status");
  const payment = params.get("payment");
  const after = params.get("after");
  const before = params.get("before");
  return {
    ok: true,
    query: {
      q: raw.trim(),
      status: isOrderStatus(status) ? status : null,
      payment: (PAYMENT_STATUSES as readonly (string | null)[]).includes(payment) ? (payment as PaymentStatus) : null,
      after: after && isUuid(after) ? after.toLowerCase() : null,
      before: !after && before && isUuid(before) ? before.toLowerCase() : null,
    },
  };
}

/** The query string for a list link ("" for the unfiltered first page); `page` replaces the cursor. */
export function adminOrdersSearch(
  query: Pick<AdminOrdersQuery, "q" | "status" | "payment">,
  page: { after?: string; before?: string } = {},
): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.payment) params.set("payment", query.payment);
  if (page.after) params.set("after", page.after);
  if (page.before) params.set("before", page.before);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The range of uuids whose text starts with `term` (hex digits, dashes where a uuid has them), as
 * the lowest and highest uuid: uuids sort by their bytes, which is the order of their hex text, so
 * "prefix of the id" is a range scan of the primary key. Null when the term cannot start an id.
 */
export function orderIdPrefixRange(term: string): { low: string; high: string } | null {
  const lower = term.toLowerCase();
  if (!/^[0-9a-f-]+$/.test(lower) || lower.length > 36) return null;
  const template = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";
  for (let i = 0; i < lower.length; i++) {
    if ((template[i] === "-") !== (lower[i] === "-")) return null;
  }
  const hex = lower.replaceAll("-", "");
  const fill = (digit: string) => {
    const full = hex + digit.repeat(32 - hex.length);
    return `${full.slice(0, 8)}-${full.slice(8, 12)}-${full.slice(12, 16)}-${full.slice(16, 20)}-${full.slice(20)}`;
  };
  return { low: fill("0"), high: fill("f") };
}
