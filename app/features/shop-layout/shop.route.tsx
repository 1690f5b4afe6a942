import {
  isRouteErrorResponse,
  Outlet,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Suspense } from "react";
import type { Route } from "./+types/shop.route";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { getNavCategories } from "~/features/catalogue/index.server";
import { getCustomerServiceEmail } from "~/features/site-settings/index.server";
import { serverRenderedLazy } from "~/shared/hydration/server-rendered-lazy";

// Only the checkout has its own header and footer: their code loads there, not on every page (ADR 0006).
const CheckoutHeader = serverRenderedLazy<{ shopEmail: string }>(() =>
  import("./checkout-frame").then((m) => ({ default: m.CheckoutHeader })),
);
const CheckoutFooter = serverRenderedLazy<Record<string, never>>(() =>
  import("./checkout-frame").then((m) => ({ default: m.CheckoutFooter })),
);

/**
 * A route that starts with a full-bleed hero sets `handle = { heroHeader: true }`; the checkout sets
 * `{ checkout: true }` for its own header and footer without the shop's menus.
 */
export type ShopHandle = { heroHeader?: boolean; checkout?: boolean };

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config, logger } = context;
  // Menus and the footer address are conveniences: a failing lookup must not take every page down.
  const [categories, shopEmail] = await Promise.all([
    getNavCategories(db).catch((error: unknown) => {
      logger.error({ err: error }, "nav categories failed");
      return {} as Awaited<ReturnType<typeof getNavCategories>>;
    }),
    getCustomerServiceEmail(db, config.shopEmail).catch((error: unknown) => {
      logger.error({ err: error }, "customer service address failed");
      return config.shopEmail;
    }),
  ]);
  return { categories, shopEmail };
}

/**
 * The menus hardly ever change: keep them across navigations (filters and paging change only the
 * search params, which would otherwise re-run this loader on every click). Mutations still refresh.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

function useShopHandle(key: keyof ShopHandle) {
  return useMatches().some((m) => (m.handle as ShopHandle | undefined)?.[key] === true);
}

function Shell({ children, hero, checkout = false }: { children: React.ReactNode; hero: boolean; checkout?: boolean }) {
  // The ErrorBoundary renders this shell too, and there the loader data may be missing.
  const data = useRouteLoaderData<typeof loader>("routes/_shop");
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#inhoud"
        className="sr-only z-[60] rounded-md bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Naar inhoud
      </a>
      {checkout ? (
        <Suspense fallback={null}>
          <CheckoutHeader shopEmail={data?.shopEmail ?? "klantenservice@trapkracht.nl"} />
        </Suspense>
      ) : (
        <SiteHeader categories={data?.categories ?? {}} hero={hero} />
      )}
      <main id="inhoud" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {checkout ? (
        <Suspense fallback={null}>
          <CheckoutFooter />
        </Suspense>
      ) : (
        <SiteFooter shopEmail={data?.shopEmail ?? "klantenservice@trapkracht.nl"} />
      )}
    </div>
  );
}

export default function ShopLayout() {
  const hero = useShopHandle("heroHeader");
  const checkout = useShopHandle("checkout");
  return (
    <Shell hero={hero} checkout={checkout}>
      <Outlet />
    </Shell>
  );
}

// Error pages are rare: their content loads only when one is shown (ADR 0006).
const ShopErrorContent = serverRenderedLazy<{ notFound: boolean }>(() =>
  import("~/shared/ui/error-content").then((m) => ({ default: m.ShopErrorContent })),
);

/** Errors of shop pages (404s included) render inside the header and footer, in Dutch. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell hero={false}>
      <Suspense fallback={null}>
        <ShopErrorContent notFound={isRouteErrorResponse(error) && error.status === 404} />
      </Suspense>
    </Shell>
  );
}
