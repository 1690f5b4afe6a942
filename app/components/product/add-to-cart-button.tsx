import { ShoppingCart } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { addToCart } from "~/components/cart/add-to-cart";
import type { CartItem } from "~/domain/cart/cart";

/** Adds one unit to the browser cart; refused with the spec's toast when stock is unknown or ≤ 0. */
export function AddToCartButton({
  item,
  stockQuantity,
}: {
  item: Omit<CartItem, "quantity">;
  stockQuantity: number | null;
}) {
  return (
    <Button
      type="button"
      variant="accent"
      size="lg"
      className="w-full sm:w-auto sm:self-start sm:px-10"
      onClick={() => addToCart(item, stockQuantity)}
    >
      <ShoppingCart aria-hidden />
      In winkelwagen
    </Button>
  );
}
