import { useId, useState } from "react";
import { Minus, Plus, ShoppingCart } from "~/shared/ui/icons";
import { Button } from "~/shared/ui/button";
import { addToCart, MAX_LINE_QUANTITY } from "~/features/cart-checkout/add-to-cart";
import type { CartItem } from "~/features/cart-checkout/cart";

/**
 * "Aantal" with − and + and the "In winkelwagen" button: adds that many units to the browser cart.
 * Only for a product in stock (the product page shows a sold-out product's own state instead); the
 * cart itself still refuses what is not in stock, and checkout caps a line at MAX_LINE_QUANTITY.
 */
export function AddToCartButton({
  item,
  stockQuantity,
}: {
  item: Omit<CartItem, "quantity">;
  stockQuantity: number | null;
}) {
  const id = useId();
  const max = Math.min(MAX_LINE_QUANTITY, Math.max(1, stockQuantity ?? 1));
  const [quantity, setQuantity] = useState(1);
  const clamp = (n: number) => Math.min(max, Math.max(1, Number.isFinite(n) ? Math.floor(n) : 1));
  const stepper =
    "grid size-11 place-items-center text-ink hover:bg-surface disabled:cursor-not-allowed disabled:text-slate-300";
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-quantity`} className="mb-1 block text-sm font-medium text-ink">
          Aantal
        </label>
        <div className="flex items-center rounded-md border border-line bg-white">
          <button
            type="button"
            className={stepper}
            aria-label="Eén minder"
            disabled={quantity <= 1}
            onClick={() => setQuantity((q) => clamp(q - 1))}
          >
            <Minus aria-hidden className="size-4" />
          </button>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            onChange={(event) => setQuantity(clamp(event.target.valueAsNumber))}
            className="h-11 w-14 [appearance:textfield] border-x border-line text-center text-base tabular-nums [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            className={stepper}
            aria-label="Eén meer"
            disabled={quantity >= max}
            onClick={() => setQuantity((q) => clamp(q + 1))}
          >
            <Plus aria-hidden className="size-4" />
          </button>
        </div>
      </div>
      <Button
        type="button"
        variant="accent"
        size="lg"
        className="flex-1 sm:flex-none sm:px-10"
        onClick={() => addToCart(item, stockQuantity, quantity)}
      >
        <ShoppingCart aria-hidden />
        In winkelwagen
      </Button>
    </div>
  );
}
