/**
 * The catalogue's server side the rest of the app may use: the menu's categories, the home page's
 * featured products, the supplier HTML's sanitiser and the filter values' cache that every product
 * write rebuilds.
 */
export { getFeaturedProducts } from "./featured.server";
export { rebuildFilterValueCache } from "./filter-cache.server";
export { type LargeFacet } from "./large-listing.server";
export { getNavCategories } from "./nav-categories.server";
export { sanitizeSupplierHtml } from "./sanitize.server";
