import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { offerOf } from "~/domain/catalog/offer";
import type { ProductSummary } from "~/domain/catalog/product-summary";
import { stockStatus, type StockTone } from "~/domain/catalog/stock";
import { formatEuro } from "~/domain/money/money";
import { cn } from "~/lib/cn";

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

const toneClass: Record<StockTone, string> = {
  in: "text-brand-700",
  limited: "text-amber-700",
  low: "text-accent-700",
  out: "text-danger",
  unknown: "text-muted",
};

/** Stock label in its tone; `size="sm"` for the product page, the small default for product tiles. */
export function StockIndicator({
  quantity,
  size = "xs",
  className,
}: {
  quantity: number | null;
  size?: "xs" | "sm";
  className?: string;
}) {
  const { label, tone } = stockStatus(quantity);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 font-medium",
        size === "sm" ? "text-sm" : "text-xs",
        toneClass[tone],
        className,
      )}
    >
      <span aria-hidden className="size-2 rounded-full bg-current" />
      {label}
    </span>
  );
}

/** A product tile linking to /product/{ArtNo}: image, brand, name, price (with offer) and stock. */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductSummary; headingLevel?: 2 | 3 }) {
  const offer = offerOf(product.consumerPriceCents, product.discountedPriceCents);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-line bg-white transition-shadow hover:shadow-md">
      <div className="relative aspect-square bg-surface">
        <img
          src={product.image ?? PLACEHOLDER_IMAGE}
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
            <span className="text-base font-bold">{formatEuro(product.consumerPriceCents)}</span>
          )}
        </div>
        <StockIndicator quantity={product.stockQuantity} />
      </div>
    </article>
  );
}
