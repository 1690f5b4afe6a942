import { isOrderStatus, type OrderStatus } from "./order-transitions";

export type PaymentStatus = "paid" | "unpaid" | "refunded";
/**
 * The payment states the list filters on: the stored statuses, with "paid" split in two — paid with
 * nothing paid back ("paid") and paid with some of it paid back ("partly-refunded", issue 28).
 */
export type PaymentFilter = "paid" | "partly-refunded" | "unpaid" | "refunded";
/**
 * The stored dropshipment states, and "waiting": paid orders (partly refunded included) the supplier
 * has not accepted yet — dropshipment pending or processing (the Dashboard's to-do, issue 29).
 */
export type DropshipmentFilter = "pending" | "processing" | "completed" | "failed" | "waiting";
export type AdminOrdersSort = "newest" | "oldest" | "amount-desc" | "amount-asc";

/**
 * The All Orders tab's URL (/admin/orders?q=…&status=…&payment=…&dropship=…&withdrawal=open&from=…
 * &to=…&sort=…&after=<id>|before=<id>), read the same way by the loader, the CSV export and the
 * links the page draws. Pure: shared with the browser.
 */
export type AdminOrdersQuery = {
  q: string;
  status: OrderStatus | null;
  payment: PaymentFilter | null;
  dropship: DropshipmentFilter | null;
  /** Only orders with an open withdrawal (see open-withdrawals.server.ts for what "open" means). */
  withdrawal: "open" | null;
  /** Amsterdam calendar days (yyyy-mm-dd), both inclusive. */
  from: string | null;
  to: string | null;
  sort: AdminOrdersSort;
  /** Keyset paging: the page of orders after this order id in the sort order, or before it. */
  after: string | null;
  before: string | null;
};

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ["paid", "unpaid", "refunded"];
export const PAYMENT_FILTERS: readonly PaymentFilter[] = ["paid", "partly-refunded", "unpaid", "refunded"];
export const DROPSHIPMENT_FILTERS: readonly DropshipmentFilter[] = [
  "pending",
  "processing",
  "completed",
  "failed",
  "waiting",
];
export const ADMIN_ORDERS_SORTS: readonly AdminOrdersSort[] = ["newest", "oldest", "amount-desc", "amount-asc"];
export const ORDER_SEARCH_MAX_LENGTH = 100;

export const EMPTY_ADMIN_ORDERS_QUERY: AdminOrdersQuery = {
  q: "",
  status: null,
  payment: null,
  dropship: null,
  withdrawal: null,
  from: null,
  to: null,
  sort: "newest",
  after: null,
  before: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** C0 controls and DEL: never part of a search; PostgreSQL refuses NUL outright. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export type ParsedAdminOrdersQuery = { ok: true; query: AdminOrdersQuery } | { ok: false; error: string };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** "yyyy-mm-dd" of a real calendar day (what a date field sends), else null. */
export function calendarDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 2000 && year <= 2999 ? text : null;
}

export function parseAdminOrdersQuery(params: URLSearchParams): ParsedAdminOrdersQuery {
  const raw = params.get("q") ?? "";
  if (CONTROL.test(raw)) return { ok: false, error: "The search may not contain control characters." };
  if (raw.length > ORDER_SEARCH_MAX_LENGTH) {
    return { ok: false, error: `The search may be at most ${ORDER_SEARCH_MAX_LENGTH} characters long.` };
  }
  // An empty date field is no limit; anything else must be a day, or the admin would see a list
  // that silently ignores what they typed.
  const dayOf = (name: "from" | "to"): string | null | false => {
    const value = (params.get(name) ?? "").trim();
    return value === "" ? null : (calendarDay(value) ?? false);
  };
  const from = dayOf("from");
  const to = dayOf("to");
  if (from === false || to === false) return { ok: false, error: "Enter the dates as yyyy-mm-dd." };
  if (from && to && from > to) return { ok: false, error: "The From date is after the To date." };
  const status = params.get("status");
  const after = params.get("after");
  const before = params.get("before");
  return {
    ok: true,
    query: {
      q: raw.trim(),
      status: isOrderStatus(status) ? status : null,
      payment: oneOf(PAYMENT_FILTERS, params.get("payment")),
      dropship: oneOf(DROPSHIPMENT_FILTERS, params.get("dropship")),
      withdrawal: params.get("withdrawal") === "open" ? "open" : null,
      from,
      to,
      sort: oneOf(ADMIN_ORDERS_SORTS, params.get("sort")) ?? "newest",
      after: after && isUuid(after) ? after.toLowerCase() : null,
      before: !after && before && isUuid(before) ? before.toLowerCase() : null,
    },
  };
}

/** The filters of a query (no cursor): what the list, its counts and the CSV export share. */
export type AdminOrdersFilters = Omit<AdminOrdersQuery, "after" | "before">;

/** True when anything narrows the list (the sort does not). */
export function isFiltered(query: Partial<AdminOrdersFilters>): boolean {
  return Boolean(
    query.q || query.status || query.payment || query.dropship || query.withdrawal || query.from || query.to,
  );
}

/** The query string for a list link ("" for the unfiltered first page); `page` replaces the cursor. */
export function adminOrdersSearch(
  query: Pick<AdminOrdersQuery, "q" | "status" | "payment"> & Partial<AdminOrdersFilters>,
  page: { after?: string; before?: string } = {},
): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.payment) params.set("payment", query.payment);
  if (query.dropship) params.set("dropship", query.dropship);
  if (query.withdrawal) params.set("withdrawal", query.withdrawal);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
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
