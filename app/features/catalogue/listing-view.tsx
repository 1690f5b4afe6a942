import { useNavigation } from "react-router";
import type { ListingResult } from "./listing-types";
import {
  type ListingParams,
  hasActiveFilters,
  listingHref,
  nextPageHref,
  pageHref,
  withoutFilterValue,
  withoutFilters,
} from "./listing-params";
import { categoryPageItems } from "./pagination";
import { cn } from "~/shared/ui/cn";
import { ActiveFilters, chipsOf } from "./active-filters";
import { listingTotalLabel } from "./category-cards";
import { EmptyState } from "./empty-state";
import { FilterPanel } from "./filter-panel";
import { PaginationNav } from "./pagination-nav";
import { ProductGrid } from "./product-grid";
import { SortSelect } from "./sort-select";

/** Listing data as it crosses from loader to component. */
export type ListingData = Omit<ListingResult, "tagFacet">;

/**
 * A filtered product listing: filter panel (sidebar or mobile sheet), active-filter chips,
 * result count and sort, the product grid with paging, or the empty state.
 */
export function ListingView({
  path,
  params,
  listing,
  showFilters = true,
  showSort = true,
}: {
  path: string;
  params: ListingParams;
  listing: ListingData;
  showFilters?: boolean;
  showSort?: boolean;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === path;
  const chips = chipsOf(listing.activeFilters, (f) =>
    listingHref(path, withoutFilterValue(params, f.filterTypeId, f.value)),
  );
  const resetHref = listingHref(path, withoutFilters(params));
  const filtersOn = hasActiveFilters(params);
  const activeCount = listing.activeFilters.length;

  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      {showFilters && listing.facets.length ? (
        <FilterPanel
          action={path}
          params={params}
          facets={listing.facets}
          priceBounds={listing.priceBounds}
          priceFilter={listing.priceFilter}
          activeCount={activeCount}
        />
      ) : null}
      <section aria-labelledby="resultaten-kop" className="min-w-0 flex-1 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="resultaten-kop" className="text-sm font-medium text-muted" aria-live="polite">
            {listingTotalLabel(listing.total, listing.totalCapped)}
          </h2>
          {showSort && listing.total > 0 ? <SortSelect action={path} params={params} /> : null}
        </div>
        <ActiveFilters chips={chips} resetHref={resetHref} />
        <div className={cn("transition-opacity", loading && "opacity-60")} aria-busy={loading}>
          {listing.products.length ? (
            <ProductGrid products={listing.products} headingLevel={3} />
          ) : (
            <EmptyState resetHref={filtersOn ? resetHref : undefined} />
          )}
        </div>
        <PaginationNav
          items={categoryPageItems(listing.page, listing.totalPages, listing.totalCapped)}
          page={listing.page}
          totalPages={listing.totalPages}
          hasMore={listing.totalCapped}
          hrefFor={(page) => pageHref(path, params, page)}
          nextHref={nextPageHref(path, params, listing.page, listing.products.at(-1)?.artNo)}
        />
      </section>
    </div>
  );
}
