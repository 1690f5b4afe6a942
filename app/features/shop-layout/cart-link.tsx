import { ShoppingCart } from "~/shared/ui/icons";
import { Link } from "react-router";
import { useCartCount } from "~/features/cart-checkout/cart";
import { headerIconButtonClass } from "./header-icon-button";

/** Cart icon with the item count. The server renders 0 (no badge); the stored count appears after hydration. */
export function CartLink({ inverted }: { inverted: boolean }) {
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      aria-label={`Winkelwagen, ${count} ${count === 1 ? "artikel" : "artikelen"}`}
      className={headerIconButtonClass(inverted, "relative")}
    >
      <ShoppingCart aria-hidden className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-accent-600 px-1 text-[11px] leading-5 font-bold text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
