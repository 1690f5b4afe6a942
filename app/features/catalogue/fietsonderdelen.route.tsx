import { redirect } from "react-router";
import type { Route } from "./+types/fietsonderdelen.route";
import { CategoryCards } from "./category-cards";
import { FilterPanel } from "./filter-panel";
import { ListingView } from "./listing-view";
import { getCategory, getChildCategories, getDescendantIds } from "./categories.server";
import { CATEGORY_IDS } from "./category-ids";
import { getFilterTypes, listProducts } from "./listing.server";
import { hasActiveFilters, isFormStyleQuery, listingHref, parseListingParams } from "./listing-params";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

const PATH = "/fietsonderdelen";
const BICYCLE_PARTS = CATEGORY_IDS.bicycleParts;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The page is the Fietsonderdelen category: its filters apply to every product below it.
  const params = { ...parseListingParams(url.searchParams), cat: null, q: "", tags: [] };
  if (isFormStyleQuery(url.searchParams)) throw redirect(listingHref(PATH, params));
  const { db } = context;
  const [category, children, filterTypes, categoryIds] = await Promise.all([
    getCategory(db, BICYCLE_PARTS),
    getChildCategories(db, BICYCLE_PARTS),
    getFilterTypes(db, BICYCLE_PARTS),
    getDescendantIds(db, BICYCLE_PARTS),
  ]);
  const { tagFacet: _tags, ...listing } = await listProducts(db, {
    categoryIds,
    filters: params.filters,
    filterTypes,
    sort: params.sort,
    page: params.page,
    after: params.after,
  });
  // Products show once the shopper filters, sorts or pages; until then the page is the category grid.
  const showProducts = hasActiveFilters(params) || params.sort !== "default" || params.page > 1;
  return { title: category?.name ?? "Fietsonderdelen", params, children, listing, showProducts };
}

export function meta({ matches }: Route.MetaArgs) {
  const origin = rootOrigin(matches);
  return pageMeta({
    title: "Fietsonderdelen",
    description: "Fietsonderdelen van topmerken: aandrijving, remmen, banden, stuur en meer. Filter op merk en prijs.",
    origin,
    path: PATH,
  });
}

export default function FietsonderdelenPage({ loaderData }: Route.ComponentProps) {
  const { title, params, children, listing, showProducts } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 mb-6 text-muted">{`${listing.total} producten in ${children.length} categorieën. Kies een categorie of filter het hele assortiment.`}</p>
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <FilterPanel
          action={PATH}
          params={params}
          facets={listing.facets}
          priceBounds={listing.priceBounds}
          priceFilter={listing.priceFilter}
          activeCount={listing.activeFilters.length}
        />
        <div className="min-w-0 flex-1 space-y-10">
          {showProducts ? <ListingView path={PATH} params={params} listing={listing} showFilters={false} /> : null}
          <section aria-labelledby="categorieen-kop">
            <h2 id="categorieen-kop" className="mb-4 text-xl font-semibold">
              Categorieën
            </h2>
            {children.length ? (
              <CategoryCards categories={children} headingLevel={3} />
            ) : (
              <p className="text-muted">Er zijn nog geen categorieën.</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
