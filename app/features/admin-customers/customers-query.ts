import { hasInvalidCharacters } from "~/shared/forms/text-input";

/**
 * The Customers tab's URL (/admin/customers?q=…&after=<id>|before=<id>), read the same way by the
 * loader and by the links the page draws. Pure: shared with the browser.
 */
export type AdminCustomersQuery = {
  q: string;
  /** Keyset paging: the customers after (older last order) or before this customer's row id. */
  after: string | null;
  before: string | null;
};

export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export type ParsedAdminCustomersQuery = { ok: true; query: AdminCustomersQuery } | { ok: false; error: string };

export function parseAdminCustomersQuery(params: URLSearchParams): ParsedAdminCustomersQuery {
  const raw = params.get("q") ?? "";
  if (hasInvalidCharacters(raw)) return { ok: false, error: "The search may not contain control characters." };
  if (raw.length > CUSTOMER_SEARCH_MAX_LENGTH) {
    return { ok: false, error: `The search may be at most ${CUSTOMER_SEARCH_MAX_LENGTH} characters long.` };
  }
  const after = params.get("after");
  const before = params.get("before");
  return {
    ok: true,
    query: {
      q: raw.trim().replace(/\s+/g, " "),
      after: after && isUuid(after) ? after.toLowerCase() : null,
      before: !after && before && isUuid(before) ? before.toLowerCase() : null,
    },
  };
}

/** The query string for a list link ("" for the unfiltered first page); `page` replaces the cursor. */
export function adminCustomersSearch(
  query: Pick<AdminCustomersQuery, "q">,
  page: { after?: string | null; before?: string | null } = {},
): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (page.after) params.set("after", page.after);
  if (page.before) params.set("before", page.before);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The start of a Dutch postcode as the checkout stores it ("3511 AB"), or null when the term cannot
 * be one: "3511ab", "3511 a" and "3511" become "3511 AB", "3511 A" and "3511".
 */
export function postcodePrefix(term: string): string | null {
  const m = /^([1-9][0-9]{3})\s?([a-z]{0,2})$/i.exec(term.trim());
  if (!m) return null;
  return m[2] ? `${m[1]} ${m[2].toUpperCase()}` : m[1]!;
}
