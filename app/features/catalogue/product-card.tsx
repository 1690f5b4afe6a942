import { Link } from "react-router";
import { addToCart } from "~/features/cart-checkout/add-to-cart";
import { toEuros } from "~/features/cart-checkout/cart";
import { Badge } from "~/shared/ui/badge";
import { Bell, ShoppingCart } from "~/shared/ui/icons";
import { offerOf } from "./offer";
import { isSellable } from "./stock";
import { cardImageSources } from "~/features/image-migration";
import type { ProductSummary } from "./product-summary";
import { formatEuro } from "~/shared/money/money";
import { PLACEHOLDER_IMAGE, StockIndicator } from "./stock-indicator";

const ACTION =
  "relative z-10 grid size-9 shrink-0 place-items-center rounded-full border border-line focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** A product tile linking to /product/{ArtNo}: image, brand, name, price (with offer) and stock. */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductSummary; headingLevel?: 2 | 3 }) {
  const offer = offerOf(product);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-line bg-white transition-shadow hover:shadow-md">
      <div className="relative aspect-square bg-surface">
        <img
          {...cardImageSources(product.image ?? PLACEHOLDER_IMAGE)}
          alt=""
          loading="lazy"
          decoding="async"
          width={400}
          height={400}
          className="size-full object-contain p-3"
          data-fallback={PLACEHOLDER_IMAGE}
        />
        {offer.onOffer ? (
          <Badge variant="offer" className="absolute top-2 left-2">
            -{offer.percent}% Korting
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{product.brand}</p>
        <Heading className="line-clamp-2 text-sm font-medium text-ink">
          <Link to={`/product/${product.artNo}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {product.shortDescription}
          </Link>
        </Heading>
        <div className="mt-auto flex flex-wrap items-baseline gap-2 pt-2">
          {offer.onOffer ? (
            <>
              <span className="text-base font-bold text-accent-700">{formatEuro(offer.nowCents)}</span>
              <span className="text-xs text-muted line-through">
                <span className="sr-only">Van </span>
                {formatEuro(offer.wasCents)}
              </span>
            </>
          ) : (
            <span className="text-base font-bold">{formatEuro(offer.nowCents)}</span>
          )}
        </div>
        <div className="flex items-center justify-between gap-2">
          <StockIndicator quantity={product.stockQuantity} />
          {/* Above the card's stretched link, so it acts instead of opening the product. */}
          {isSellable(product.stockQuantity) ? (
            <button
              type="button"
              aria-label={`In winkelwagen: ${product.shortDescription}`}
              onClick={() =>
                addToCart(
                  {
                    ArtNo: product.artNo,
                    Brand: product.brand,
                    name: product.shortDescription,
                    price: toEuros(offer.nowCents),
                    ...(offer.onOffer ? { originalPrice: toEuros(offer.wasCents) } : {}),
                    image: product.image ?? "",
                    VAT: product.vatRate,
                  },
                  product.stockQuantity,
                )
              }
              className={`${ACTION} text-brand-700 hover:bg-brand-50`}
            >
              <ShoppingCart aria-hidden className="size-4" />
            </button>
          ) : (
            // Sold out: what is possible is asking for a mail when it is back (on the product page).
            <Link
              to={`/product/${product.artNo}#voorraadmelding`}
              aria-label={`Mail me als het weer leverbaar is: ${product.shortDescription}`}
              title="Mail me als het weer leverbaar is"
              className={`${ACTION} text-muted hover:bg-surface`}
            >
              <Bell aria-hidden className="size-4" />
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
