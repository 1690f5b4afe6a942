import { parseSearch } from "./product-input";
import { LOW_STOCK_THRESHOLD } from "~/features/admin-dashboard";

/**
 * Low stock: 1 to LOW_STOCK_THRESHOLD pieces (0 or less is out of stock, an unknown quantity is
 * neither). One number for this list's filter and the Dashboard's count, defined with the Dashboard;
 * the partial index `stock_low_idx` (app/features/catalogue/schema.ts) writes it as a literal: change both
 * together.
 */
export { LOW_STOCK_THRESHOLD };

export type ProductStatusFilter = "active" | "inactive";
export type ProductStockFilter = "out" | "low";

/**
 * Product Management's list filters, as its URL carries them (other tabs link to them):
 * `q` the search box, `cat=<category id>` (with its subcategories), `status=active|inactive`,
 * `offer=1` (a real discount: discounted price above 0 and below the consumer price) and
 * `stock=out|low`.
 */
export type ProductListFilters = {
  search: string;
  categoryId: number | null;
  status: ProductStatusFilter | null;
  offer: boolean;
  stock: ProductStockFilter | null;
};

export const NO_PRODUCT_FILTERS: ProductListFilters = {
  search: "",
  categoryId: null,
  status: null,
  offer: false,
  stock: null,
};

/** The filters of a URL's query; a value that is not one of the choices is no filter. */
export function parseProductListFilters(params: URLSearchParams): ProductListFilters {
  const cat = params.get("cat")?.trim() ?? "";
  const status = params.get("status");
  const stock = params.get("stock");
  return {
    search: parseSearch(params.get("q")),
    categoryId: /^[1-9]\d{0,8}$/.test(cat) ? Number(cat) : null,
    status: status === "active" || status === "inactive" ? status : null,
    offer: params.get("offer") === "1",
    stock: stock === "out" || stock === "low" ? stock : null,
  };
}

/** The filters as query parameters (only those set), for links, hidden form fields and the export. */
export function productFilterParams(filters: ProductListFilters): [string, string][] {
  const params: [string, string][] = [];
  if (filters.search) params.push(["q", filters.search]);
  if (filters.categoryId != null) params.push(["cat", String(filters.categoryId)]);
  if (filters.status) params.push(["status", filters.status]);
  if (filters.offer) params.push(["offer", "1"]);
  if (filters.stock) params.push(["stock", filters.stock]);
  return params;
}

export function productFilterQuery(filters: ProductListFilters): string {
  return new URLSearchParams(productFilterParams(filters)).toString();
}

export function hasProductFilters(filters: ProductListFilters): boolean {
  return productFilterParams(filters).length > 0;
}

/** "1 234 products", "1 product", "about 120 000 products" (a no-break space groups the thousands). */
export function productTotalText(total: { count: number; exact: boolean; moreThan?: boolean }): string {
  const grouped = String(total.count).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const noun = total.count === 1 ? "product" : "products";
  if (total.exact) return `${grouped} ${noun}`;
  return total.moreThan ? `more than ${grouped} ${noun}` : `about ${grouped} ${noun}`;
}
