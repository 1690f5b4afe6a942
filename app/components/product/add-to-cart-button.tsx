import { ShoppingCart } from "~/components/ui/icons";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { cartStore } from "~/domain/cart/cart-store";
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
      onClick={() => {
        const result = cartStore.addItem({ ...item, quantity: 1 }, stockQuantity);
        if (result.ok) toast.success("Product toegevoegd aan winkelwagen", { description: item.name });
        else
          toast.error("Product niet op voorraad", { description: "Sorry, dit product is momenteel niet op voorraad." });
      }}
    >
      <ShoppingCart aria-hidden />
      In winkelwagen
    </Button>
  );
}
