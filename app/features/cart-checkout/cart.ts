/**
 * The browser cart every page uses (the header's count, the tiles' and the product page's prices):
 * an entry of its own because the layout's static imports join the shell chunk (vite.config.ts), so
 * it may carry nothing of the cart and checkout pages. Adding to the cart, used by the tiles and the
 * product page only, is the entry add-to-cart.ts, kept out of the shell with the line's quantity limit.
 */
export { type CartItem, toEuros } from "./cart-items";
export { cartStore, useCartCount, useCartItems } from "./cart-store";
