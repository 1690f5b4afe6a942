import { Suspense } from "react";
import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/product.route";
import { ProductDetailView } from "./product-detail";
import { absoluteUrl, productJsonLd, serializeJsonLd } from "./product-json-ld";
import { getProductDetail, parseArtNo, plainTextSummary } from "./product.server";
import { adminGuard } from "~/features/accounts/index.server";
import { changeProductTag, type TagIntent } from "~/features/product-tags/index.server";
import type { ProductTagResult } from "~/features/product-tags";
import { intentAction, type ActionArgs } from "~/shared/actions/intent-action.server";
import { formatEuro } from "~/shared/money/money";
import { useNonce } from "~/shared/security/nonce";
import { serverRenderedLazy } from "~/shared/hydration/server-rendered-lazy";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta, SHOP_NAME } from "~/shared/page/seo";

/**
 * The title of the page without a product. Only a real "not found" may say so: a failed lookup
 * (database away) is not a missing product, and neither is a page whose loader was skipped (the
 * maintenance screen: no data and no error).
 */
function titleWithoutProduct(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 400) return "Ongeldig product ID";
  if (isRouteErrorResponse(error) && error.status === 404) return "Product Niet Gevonden";
  return error ? "Fout bij laden product" : SHOP_NAME;
}

export function meta({ data: loaderData, matches, params, error }: Route.MetaArgs) {
  const origin = rootOrigin(matches);
  if (!loaderData) {
    const missing = isRouteErrorResponse(error) && (error.status === 400 || error.status === 404);
    return pageMeta({
      title: titleWithoutProduct(error),
      description: missing ? "Dit product bestaat niet of is niet meer leverbaar." : "Kon productgegevens niet laden.",
      origin,
      path: `/product/${params.artNo}`,
      noindex: true,
    });
  }
  const { product, description } = loaderData;
  const tags = pageMeta({
    title: `${product.shortDescription} – ${product.brand}`,
    description,
    origin,
    path: `/product/${product.artNo}`,
  });
  const image = product.images[0];
  if (image && origin) tags.push({ property: "og:image", content: absoluteUrl(image, origin) });
  return tags;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const artNo = parseArtNo(params.artNo);
  if (artNo === null) throw data("Ongeldig product ID", { status: 400 });
  const product = await getProductDetail(context.db, artNo);
  if (!product) throw data("Product Niet Gevonden", { status: 404 });
  const summary = plainTextSummary(product.descriptionHtml);
  const description =
    summary ||
    `${product.shortDescription} van ${product.brand} voor ${formatEuro(product.effectivePriceCents)} bij Trapkracht.`;
  const jsonLd = serializeJsonLd(
    productJsonLd(
      {
        artNo: product.artNo,
        name: product.shortDescription,
        brand: product.brand,
        description: plainTextSummary(product.descriptionHtml, 5000),
        images: product.images.length ? product.images : ["/placeholder.svg"],
        priceCents: product.effectivePriceCents,
        stockQuantity: product.stockQuantity,
        url: `${context.config.publicUrl}/product/${product.artNo}`,
      },
      context.config.publicUrl,
    ),
  );
  return { product, description, jsonLd };
}

/**
 * An admin adds or removes a tag here (spec 1 §2.9; issue 29 item 3), as in Product Management: same
 * validation, service, messages and change-log record. Anyone else is refused before the body is read
 * (requireAdmin: to / with "Access Denied"). The page cache is emptied by any successful post (server/
 * page-cache.ts), so the next anonymous visitor sees the change; the admin's own page, read with a
 * cookie, is never served from nor kept in it (ADR 0037).
 */
/** An admin's tag form on the product page: add or remove one tag, answered with its toast. */
const tagChange = (intent: TagIntent) => ({
  toasts: { intent },
  run: async (
    _input: undefined,
    {
      params,
      form,
      context,
      actor,
      viewer,
    }: ActionArgs<{ artNo: string }> & {
      form: FormData;
      viewer: { id: string };
      actor: { id: string; email: string };
    },
  ) => {
    const artNo = parseArtNo(params.artNo);
    if (artNo === null) {
      return data<ProductTagResult>(
        { ok: false, intent, title: "Fout", description: "Product niet gevonden." },
        { status: 404 },
      );
    }
    const tag = form.get("tag");
    const { status, result } = await changeProductTag(
      context.db,
      actor,
      artNo,
      intent,
      typeof tag === "string" ? tag : null,
    );
    if (result.ok) context.logger.info({ artNo, intent, by: viewer.id }, "admin changed a tag on the product page");
    return data(result, { status });
  },
});

export const action = intentAction<{ artNo: string }>()({
  guard: adminGuard,
  intents: (intent) => ({
    "tag-add": intent(tagChange("tag-add")),
    "tag-remove": intent(tagChange("tag-remove")),
  }),
  unknown: () =>
    data<ProductTagResult>(
      { ok: false, intent: "tag-add", title: "Fout", description: "Onbekende actie. Laad de pagina opnieuw." },
      { status: 400 },
    ),
  logMessage: "product page tag change failed",
  failed: (_error, { toasts }) =>
    data<ProductTagResult>(
      {
        ok: false,
        intent: toasts.intent,
        title: "Fout",
        description: "Er is een fout opgetreden. Probeer het opnieuw.",
      },
      { status: 500 },
    ),
});

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  return (
    <>
      <ProductDetailView product={loaderData.product} />
      <script
        type="application/ld+json"
        nonce={nonce}
        // The browser hides nonces from the DOM, so the client renders "" here on purpose.
        suppressHydrationWarning
        // Escaped JSON (serializeJsonLd), not HTML: nothing in it can close the element.
        dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }}
      />
    </>
  );
}

// Rarely shown: the error's content loads only then (ADR 0006).
const ProductErrorContent = serverRenderedLazy<{ status: number | null }>(() =>
  import("./product-error").then((m) => ({ default: m.ProductErrorContent })),
);

/** Invalid id (400), unknown or unlisted product (404), or a failed lookup, inside the shop layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense fallback={null}>
      <ProductErrorContent status={isRouteErrorResponse(error) ? error.status : null} />
    </Suspense>
  );
}
