import { ArrowLeft } from "~/shared/ui/icons";
import { Suspense, type ComponentProps } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { StockIndicator } from "./stock-indicator";
import { Badge } from "~/shared/ui/badge";
import { offerOf } from "./offer";
import type { ProductDetail } from "./product-detail-types";
import { toEuros } from "~/features/cart-checkout/cart";
import { formatEuro } from "~/shared/money/money";
import { AddToCartButton } from "./add-to-cart-button";
import { isSellable } from "./stock";
import { serverRenderedLazy } from "~/shared/hydration/server-rendered-lazy";
import { useRootData } from "~/shared/page/root-data";
import { ImageCarousel } from "./image-carousel";
import type { NutritionFacts as NutritionFactsView } from "./nutrition-facts";

// ADR 0006: only sold-out products show the stock alert form and only sports nutrition has
// nutrition facts; the server renders them in place, the browser fetches their code when shown.
const StockAlertForm = serverRenderedLazy<{ artNo: number }>(() =>
  import("~/features/stock-alerts/lazy").then((m) => ({ default: m.StockAlertForm })),
);
const NutritionFacts = serverRenderedLazy<ComponentProps<typeof NutritionFactsView>>(() =>
  import("./nutrition-facts").then((m) => ({ default: m.NutritionFacts })),
);

// Only an admin sees the tag editor (spec 1 §2.9); shoppers never download its code (ADR 0037).
const ProductTagEditor = serverRenderedLazy<{ artNo: number; tags: string[] }>(() =>
  import("~/features/product-tags/lazy").then((m) => ({ default: m.ProductTagEditor })),
);

export const BYE_BANNER = "/media/banner/bye.svg";

/** "Terug": back in history when the shopper came from within the shop, else to the category. */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Link
      to={fallback}
      onClick={(e) => {
        // "default" = this page was the first of the visit: history back would leave the shop.
        if (location.key !== "default") {
          e.preventDefault();
          void navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Terug
    </Link>
  );
}

function categoryHref(id: number) {
  return `/products?cat=${id}`;
}

function Breadcrumbs({ product }: { product: ProductDetail }) {
  const crumbs = [
    { href: "/", label: "Home" },
    ...product.ancestors.map((c) => ({ href: categoryHref(c.id), label: c.name })),
    ...(product.category ? [{ href: categoryHref(product.category.id), label: product.category.name }] : []),
  ];
  return (
    <nav aria-label="Kruimelpad" className="min-w-0 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c) => (
          <li key={c.href} className="flex items-center gap-1">
            <Link to={c.href} className="hover:text-brand-700 hover:underline">
              {c.label}
            </Link>
            <span aria-hidden>/</span>
          </li>
        ))}
        <li aria-current="page" className="truncate text-ink">
          {product.shortDescription}
        </li>
      </ol>
    </nav>
  );
}

export function ProductDetailView({ product }: { product: ProductDetail }) {
  const offer = offerOf(product);
  const isAdmin = useRootData()?.viewer?.isAdmin === true;
  const isBye = product.brand.trim().toUpperCase() === "BYE!";
  const specs = [
    ["Kleur", product.colour],
    ["Materiaal", product.material],
    ["Maat", product.size],
    ["Type", product.type],
  ].filter((s): s is [string, string] => Boolean(s[1]?.trim()));
  const backHref = product.category ? categoryHref(product.category.id) : "/products";

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <BackButton fallback={backHref} />
        <Breadcrumbs product={product} />
      </div>

      <article className="mt-6 grid gap-8 md:grid-cols-2 md:gap-12">
        <ImageCarousel images={product.images} name={product.shortDescription} />

        <div className="flex flex-col gap-5">
          <div>
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">{product.brand}</p>
            <h1 className="mt-1 text-2xl font-bold text-balance md:text-3xl">{product.shortDescription}</h1>
            <p className="mt-1 text-xs text-muted">{`Art.nr. ${product.artNo}`}</p>
          </div>

          <div className="flex flex-wrap items-center gap-3">
            {offer.onOffer ? (
              <>
                <span className="text-3xl font-bold text-accent-700">{formatEuro(offer.nowCents)}</span>
                <s className="text-lg text-muted">
                  <span className="sr-only">Oorspronkelijke prijs </span>
                  {formatEuro(offer.wasCents)}
                </s>
                <Badge variant="offer">{`-${offer.percent}% Korting`}</Badge>
              </>
            ) : (
              <span className="text-3xl font-bold">{formatEuro(offer.nowCents)}</span>
            )}
          </div>
          <p className="-mt-3 text-xs text-muted">
            {`Prijs incl. ${product.vatRate}% btw`}
            {offer.onOffer ? ". Doorgestreepte prijs: de laagste prijs in de 30 dagen vóór de aanbieding." : null}
          </p>

          <StockIndicator quantity={product.stockQuantity} size="sm" />

          {isSellable(product.stockQuantity) ? (
            <>
              <AddToCartButton
                stockQuantity={product.stockQuantity}
                item={{
                  ArtNo: product.artNo,
                  Brand: product.brand,
                  name: product.shortDescription,
                  price: toEuros(offer.nowCents),
                  image: product.images[0] ?? "/placeholder.svg",
                  ...(offer.onOffer ? { originalPrice: toEuros(offer.wasCents) } : {}),
                  VAT: product.vatRate,
                }}
              />
              <p className="text-sm text-muted">Voor 18:00 besteld, binnen 1 werkdag bezorgd</p>
            </>
          ) : (
            // Sold out (or stock unknown): no buy button and no delivery promise, but what is possible.
            <Suspense fallback={null}>
              <StockAlertForm artNo={product.artNo} />
            </Suspense>
          )}

          {isAdmin ? (
            <Suspense fallback={null}>
              <ProductTagEditor artNo={product.artNo} tags={product.tags} />
            </Suspense>
          ) : product.tags.length ? (
            <div>
              <h2 className="sr-only">Tags</h2>
              <ul className="flex flex-wrap gap-2" aria-label="Tags">
                {product.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="outline">{tag}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          {specs.length ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
              {specs.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </article>

      {isBye ? (
        <img
          src={BYE_BANNER}
          alt="BYE! sportvoeding"
          width={1200}
          height={300}
          loading="lazy"
          className="mt-10 h-auto w-full rounded-xl"
        />
      ) : null}

      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="beschrijving">
          <h2 id="beschrijving" className="text-xl font-semibold">
            Beschrijving
          </h2>
          {product.descriptionHtml ? (
            // Sanitised on the server by sanitizeSupplierHtml (scripts, handlers and styles removed).
            <div className="prose-shop mt-3 max-w-none" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
          ) : (
            <p className="mt-3 text-muted">Geen gedetailleerde beschrijving beschikbaar.</p>
          )}
        </section>
        {product.ingredients || product.allergens || product.nutrition.length > 0 ? (
          <Suspense fallback={null}>
            <NutritionFacts
              ingredients={product.ingredients}
              allergens={product.allergens}
              nutrition={product.nutrition}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
