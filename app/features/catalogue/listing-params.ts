/**
 * The catalogue's URL state (spec 1 §2.4): cat, page, sort and filter_{filterTypeId} as comma lists,
 * q for search, tag/stock for /sportvoeding, and `na` on a "Volgende" link: the ArtNo of the last
 * product of the page before, so the next page is read from there (keyset paging, ADR 0007).
 * Parsing never throws: anything invalid is dropped, so a hand-edited or stale URL still shows a
 * sensible page. A value with control characters (see
 * text-input.ts) counts as absent: PostgreSQL refuses NUL in text, and no link of ours makes them.
 */

import { hasInvalidCharacters, textParam } from "~/shared/forms/text-input";

export const PAGE_SIZE = 20;

export const SORT_KEYS = ["default", "price-asc", "price-desc", "name-asc", "name-desc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const SORT_LABELS: Record<SortKey, string> = {
  default: "Standaard",
  "price-asc": "Prijs: laag naar hoog",
  "price-desc": "Prijs: hoog naar laag",
  "name-asc": "Naam: A-Z",
  "name-desc": "Naam: Z-A",
};

export type StockOrder = "default" | "first";

export type ListingParams = {
  cat: number | null;
  page: number;
  /**
   * The last product of the page before (`na`, only with page > 1): the page is the products that
   * follow it in the order, not the ones after an OFFSET. Number links leave it out.
   */
  after: number | null;
  sort: SortKey;
  /** filter type id → selected values, in URL order, without duplicates. */
  filters: Record<number, string[]>;
  q: string;
  tags: string[];
  stock: StockOrder;
};

export const EMPTY_PARAMS: ListingParams = {
  cat: null,
  page: 1,
  after: null,
  sort: "default",
  filters: {},
  q: "",
  tags: [],
  stock: "default",
};

/** Limits that keep a crafted URL from turning into a huge query. */
const MAX_PAGE = 100_000;
const MAX_VALUE_LENGTH = 100;
const MAX_VALUES = 30;
const MAX_FILTER_TYPES = 10;
const MAX_QUERY_LENGTH = 100;
export const MIN_QUERY_LENGTH = 2;

const FILTER_KEY = /^filter_(\d{1,6})$/;
/** What a plain GET form sends for the price inputs; folded into filter_{id}=min-max. */
const RANGE_KEY = /^filter_(\d{1,6})_(min|max)$/;
const PRICE_RANGE = /^(\d{1,7})-(\d{1,7})$/;

function positiveInt(raw: string | null, max: number): number | null {
  if (raw == null || hasInvalidCharacters(raw) || !/^\d{1,10}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= 1 && n <= max ? n : null;
}

/** Splits comma lists and repeated keys into one clean, de-duplicated list. */
function listOf(raws: string[], maxValues = MAX_VALUES): string[] {
  const out: string[] = [];
  for (const raw of raws) {
    for (const part of raw.split(",")) {
      const value = part.trim();
      if (value === "" || value.length > MAX_VALUE_LENGTH || out.includes(value) || hasInvalidCharacters(value))
        continue;
      out.push(value);
      if (out.length >= maxValues) return out;
    }
  }
  return out;
}

/** "10-50" (whole euros) → bounds in euros, low first; null when not a range. */
export function parsePriceRange(value: string | undefined): { min: number; max: number } | null {
  const m = value ? PRICE_RANGE.exec(value.trim()) : null;
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

export function parseListingParams(input: URLSearchParams | string): ListingParams {
  const search = typeof input === "string" ? new URLSearchParams(input) : input;
  const cat = positiveInt(search.get("cat"), 2_147_483_647);
  const page = positiveInt(search.get("page"), MAX_PAGE) ?? 1;
  const after = page > 1 ? positiveInt(search.get("na"), 2_147_483_647) : null;
  const sortRaw = search.get("sort");
  const sort = SORT_KEYS.includes(sortRaw as SortKey) ? (sortRaw as SortKey) : "default";
  const q = (textParam(search.get("q")) ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
  const tags = listOf(search.getAll("tag"));
  const stock: StockOrder = search.get("stock") === "first" ? "first" : "default";

  const filters: Record<number, string[]> = {};
  const ranges = new Map<number, { min?: string; max?: string }>();
  const seenKeys = new Set<string>();
  for (const key of search.keys()) {
    if (seenKeys.has(key)) continue;
    seenKeys.add(key);
    const filterMatch = FILTER_KEY.exec(key);
    if (filterMatch) {
      const id = Number(filterMatch[1]);
      if (id < 1) continue;
      const values = listOf(search.getAll(key));
      if (values.length && Object.keys(filters).length < MAX_FILTER_TYPES) filters[id] = values;
      continue;
    }
    const rangeMatch = RANGE_KEY.exec(key);
    if (rangeMatch) {
      const id = Number(rangeMatch[1]);
      const entry = ranges.get(id) ?? {};
      entry[rangeMatch[2] as "min" | "max"] = (search.get(key) ?? "").trim();
      ranges.set(id, entry);
    }
  }
  // The no-JavaScript price form: two inputs; an empty pair means "no price filter".
  for (const [id, { min, max }] of ranges) {
    if (id < 1 || (!min && !max)) continue;
    const low = min && /^\d{1,7}$/.test(min) ? min : "0";
    const high = max && /^\d{1,7}$/.test(max) ? max : null;
    if (high == null) continue;
    const range = parsePriceRange(`${low}-${high}`);
    if (range && Object.keys(filters).length < MAX_FILTER_TYPES) filters[id] = [`${range.min}-${range.max}`];
  }
  return { cat, page, after, sort, filters, q, tags, stock };
}

/**
 * The canonical query string ("" or "?…"): fixed key order, comma lists, defaults left out,
 * so one page state has exactly one URL.
 */
export function serializeListingParams(params: ListingParams): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${encodeValue(value)}`);
  if (params.q) add("q", params.q);
  if (params.cat != null) add("cat", String(params.cat));
  for (const id of Object.keys(params.filters)
    .map(Number)
    .sort((a, b) => a - b)) {
    const values = params.filters[id] ?? [];
    if (values.length) add(`filter_${id}`, values.join(","));
  }
  if (params.tags.length) add("tag", params.tags.join(","));
  if (params.stock === "first") add("stock", "first");
  if (params.sort !== "default") add("sort", params.sort);
  if (params.page > 1) add("page", String(params.page));
  if (params.page > 1 && params.after != null) add("na", String(params.after));
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Like encodeURIComponent, but keeps commas readable: they separate values in a list. */
function encodeValue(value: string): string {
  return value
    .split(",")
    .map((part) => encodeURIComponent(part))
    .join(",");
}

export function listingHref(path: string, params: ListingParams): string {
  return `${path}${serializeListingParams(params)}`;
}

/** The keys that say where in a listing a page starts: a form that changes the listing drops them. */
export function isPagingKey(key: string): boolean {
  return key === "page" || key === "na";
}

/** A page number's link: the page by its position, without the previous page's last product. */
export function pageHref(path: string, params: ListingParams, page: number): string {
  return listingHref(path, { ...params, page, after: null });
}

/**
 * The "Volgende" link: page + 1, read on from the last product shown (`na`), so a shopper or a
 * crawler paging through a huge category is served an index range, not an ever longer OFFSET.
 */
export function nextPageHref(path: string, params: ListingParams, page: number, lastArtNo: number | undefined) {
  return listingHref(path, { ...params, page: page + 1, after: lastArtNo ?? null });
}

/** Any change of filters, sort or tags starts again at page 1. */
export function withChanges(params: ListingParams, changes: Partial<ListingParams>): ListingParams {
  return { ...params, page: 1, after: null, ...changes };
}

export function withFilterValues(params: ListingParams, filterTypeId: number, values: string[]): ListingParams {
  const filters = { ...params.filters };
  if (values.length) filters[filterTypeId] = values;
  else delete filters[filterTypeId];
  return withChanges(params, { filters });
}

export function withoutFilterValue(params: ListingParams, filterTypeId: number, value: string): ListingParams {
  return withFilterValues(
    params,
    filterTypeId,
    (params.filters[filterTypeId] ?? []).filter((v) => v !== value),
  );
}

export function toggleFilterValue(
  params: ListingParams,
  filterTypeId: number,
  value: string,
  multi: boolean,
): ListingParams {
  const current = params.filters[filterTypeId] ?? [];
  if (current.includes(value)) return withoutFilterValue(params, filterTypeId, value);
  return withFilterValues(params, filterTypeId, multi ? [...current, value] : [value]);
}

export function toggleTag(params: ListingParams, tag: string): ListingParams {
  const tags = params.tags.includes(tag) ? params.tags.filter((t) => t !== tag) : [...params.tags, tag];
  return withChanges(params, { tags });
}

/** Every filter and tag removed; category, search term and sort order kept. */
export function withoutFilters(params: ListingParams): ListingParams {
  return withChanges(params, { filters: {}, tags: [] });
}

export function hasActiveFilters(params: ListingParams): boolean {
  return Object.keys(params.filters).length > 0 || params.tags.length > 0;
}

/**
 * True when the URL came from a plain GET form (repeated keys, min/max price inputs, empty fields)
 * rather than from our own links: the server then redirects once to the canonical URL.
 */
export function isFormStyleQuery(search: URLSearchParams): boolean {
  const seen = new Set<string>();
  for (const [key, value] of search) {
    if (RANGE_KEY.test(key)) return true;
    if ((FILTER_KEY.test(key) || key === "tag") && (seen.has(key) || value.trim() === "")) return true;
    if ((key === "q" || key === "page") && value.trim() === "") return true;
    // Radio and select defaults are sent explicitly by forms; our links leave them out.
    if ((key === "sort" && value === "default") || (key === "stock" && value !== "first")) return true;
    seen.add(key);
  }
  return false;
}
