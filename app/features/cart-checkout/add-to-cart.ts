import type { CartItem } from "./cart-items";
import { cartStore } from "./cart-store";
import { toast } from "~/shared/actions/toast";

// The product page's quantity field stops where a cart line does; add-to-cart.ts is its entry.
export { MAX_LINE_QUANTITY } from "./quote";

/**
 * Adds `quantity` units (one from a product card) to the browser cart with the spec's toasts (spec 2
 * §8 Cart): refused when the stock is unknown or ≤ 0. The product page's button and the cards share it.
 */
export function addToCart(item: Omit<CartItem, "quantity">, stockQuantity: number | null, quantity = 1): void {
  const result = cartStore.addItem({ ...item, quantity }, stockQuantity);
  if (result.ok) toast.success("Product toegevoegd aan winkelwagen", { description: item.name });
  else toast.error("Product niet op voorraad", { description: "Sorry, dit product is momenteel niet op voorraad." });
}
