// What the shop header uses on every page: its menu's category links and, through the cart count's
// store, whether a product can be sold. The layout's static imports make up the shell chunk
// (vite.config.ts), so this entry carries nothing else; index.ts would bring the listings' code along.
export { CATEGORY_IDS } from "./category-ids";
export { isSellable } from "./stock";
