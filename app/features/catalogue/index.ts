/**
 * The catalogue (issue 32 item 1): listings, category pages, the product page and the pure rules
 * they share. What code elsewhere may use of those rules (offers, stock, category ids, count caps)
 * and the placeholder image; server services are in index.server.ts, the components other pages
 * render in components.ts, and what the shop header needs on every page in header.ts. The
 * components stay out of this entry: a page that imports an entry loads every module it re-exports
 * (their icons run when loaded), and the cart wants only the placeholder image from here.
 */
export { CATEGORY_IDS } from "./category-ids";
export {
  EXACT_COUNT_LIMIT,
  EXACT_SEARCH_LIMIT,
  FACET_COUNT_CAP,
  SEARCH_SAMPLE_BLOCKS,
  SEARCH_SAMPLE_PER_BLOCK,
  TOTAL_COUNT_CAP,
} from "./facet-caps";
export { hasDiscount, lowestPriceBefore, offerOf } from "./offer";
export { isSellable, stockStatus } from "./stock";
export { PLACEHOLDER_IMAGE } from "./stock-indicator";
