import { Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sportvoeding.route";
import { ActiveFilters, chipsOf } from "./active-filters";
import { productCountLabel } from "./category-cards";
import { EmptyState } from "./empty-state";
import { FilterPanel } from "./filter-panel";
import { fieldsOf } from "./hidden-fields";
import { PaginationNav } from "./pagination-nav";
import { ProductGrid } from "./product-grid";
import { Quiz } from "./quiz";
import { SyncedChoice } from "./synced-choice";
import { getCategory, getDescendantIds } from "./categories.server";
import { CATEGORY_IDS } from "./category-ids";
import { getFilterTypes, listProducts } from "./listing.server";
import {
  type ListingParams,
  isFormStyleQuery,
  listingHref,
  nextPageHref,
  pageHref,
  parseListingParams,
  serializeListingParams,
  toggleTag,
  withoutFilterValue,
  withoutFilters,
} from "./listing-params";
import { categoryPageItems } from "./pagination";
import { quizStateOf } from "./quiz-state";
import { getQuizQuestions } from "./quiz.server";
import { cn } from "~/shared/ui/cn";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

const PATH = "/sportvoeding";
const SPORTS_NUTRITION = CATEGORY_IDS.sportsNutrition;

/** The quiz keys travel next to the listing keys; both are page state. */
function quizSuffix(search: URLSearchParams): string {
  const vraag = search.get("vraag");
  return vraag && /^\d{1,3}$/.test(vraag) ? `vraag=${vraag}` : "";
}

function join(base: string, extra: string): string {
  if (!extra) return base;
  return base.includes("?") ? `${base}&${extra}` : `${base}?${extra}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // This page is the Sportvoeding category and its subcategories; a cat parameter has no meaning here.
  const params: ListingParams = { ...parseListingParams(url.searchParams), cat: null, q: "" };
  if (isFormStyleQuery(url.searchParams)) {
    const antwoord = url.searchParams.get("antwoord");
    const quiz = [quizSuffix(url.searchParams), antwoord ? `antwoord=${encodeURIComponent(antwoord)}` : ""]
      .filter(Boolean)
      .join("&");
    throw redirect(join(listingHref(PATH, params), quiz));
  }
  const { db } = context;
  const [category, categoryIds, filterTypes, questions] = await Promise.all([
    getCategory(db, SPORTS_NUTRITION),
    getDescendantIds(db, SPORTS_NUTRITION),
    getFilterTypes(db, SPORTS_NUTRITION),
    getQuizQuestions(db),
  ]);
  const result = await listProducts(db, {
    categoryIds,
    filters: params.filters,
    // Spec 1 §2.6: sports nutrition filters by brand, stock order and type tags only.
    filterTypes: filterTypes.filter((f) => f.name === "brand"),
    sort: "name-asc",
    stockFirst: params.stock === "first",
    tags: params.tags,
    withTagFacet: true,
    page: params.page,
    after: params.after,
  });
  return {
    title: category?.name ?? "Sportvoeding",
    params,
    listing: result,
    quiz: quizStateOf(questions, url.searchParams),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const origin = rootOrigin(matches);
  return pageMeta({
    title: "Sportvoeding",
    description:
      "Sportvoeding voor fietsers en triatleten: energiegels, repen, sportdrank en herstel. Test je kennis met de sportvoeding quiz.",
    origin,
    path: PATH,
  });
}

export default function SportvoedingPage({ loaderData }: Route.ComponentProps) {
  const { params, listing, quiz, title } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === PATH;
  const canonical = serializeListingParams(params);
  const href = (p: ListingParams) => listingHref(PATH, p);
  const chips = chipsOf(listing.activeFilters, (f) => href(withoutFilterValue(params, f.filterTypeId, f.value)));
  for (const tag of params.tags) {
    chips.push({
      key: `tag:${tag}`,
      label: `Type: ${tag}`,
      removeHref: href(toggleTag(params, tag)),
      ariaLabel: `Verwijder filter Type: ${tag}`,
    });
  }
  const stockRadio = (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">Sortering</legend>
      {(
        [
          ["default", "Standaard volgorde"],
          ["first", "Eerst op voorraad"],
        ] as const
      ).map(([value, label]) => (
        <label
          key={value}
          className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface"
        >
          <SyncedChoice
            type="radio"
            name="stock"
            value={value}
            checked={params.stock === value}
            className="size-4 accent-brand-700"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <header className="rounded-xl bg-brand-800 px-5 py-8 text-white sm:px-8 sm:py-10">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-brand-50">
          Energie voor onderweg en herstel na afloop: gels, repen, sportdrank en meer voor elke rit.
        </p>
      </header>

      {quiz ? (
        <Quiz
          quiz={quiz}
          action={PATH}
          keepFields={fieldsOf(canonical, () => false)}
          nextHref={join(listingHref(PATH, params), `vraag=${quiz.nextNumber}`)}
        />
      ) : null}

      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <FilterPanel
          action={PATH}
          params={params}
          facets={listing.facets}
          priceBounds={listing.priceBounds}
          priceFilter={null}
          activeCount={listing.activeFilters.length + params.tags.length}
          ownKeys={["stock"]}
          extra={stockRadio}
        />
        <section aria-labelledby="resultaten-kop" className="min-w-0 flex-1 space-y-4">
          {listing.tagFacet.length ? (
            <div>
              <h2 className="mb-2 text-sm font-semibold">Filter op type</h2>
              <ul className="flex flex-wrap gap-2">
                {listing.tagFacet.map((t) => (
                  <li key={t.tag}>
                    <Link
                      to={href(toggleTag(params, t.tag))}
                      preventScrollReset
                      aria-current={t.selected ? "true" : undefined}
                      className={cn(
                        "inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors",
                        t.selected
                          ? "border-brand-700 bg-brand-700 text-white"
                          : "border-line bg-white text-ink hover:border-brand-600",
                      )}
                    >
                      {t.tag}
                      <span className={cn("text-xs", t.selected ? "text-brand-100" : "text-muted")}>({t.count})</span>
                      {t.selected ? <span className="sr-only">(actief)</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <h2 id="resultaten-kop" className="text-sm font-medium text-muted" aria-live="polite">
            {productCountLabel(listing.total)}
          </h2>
          <ActiveFilters chips={chips} resetHref={href(withoutFilters(params))} />
          <div className={cn("transition-opacity", loading && "opacity-60")} aria-busy={loading}>
            {listing.products.length ? (
              <ProductGrid products={listing.products} headingLevel={3} />
            ) : (
              <EmptyState hint="">
                <Link to="/products" className="font-medium text-brand-700 underline underline-offset-4">
                  Bekijk alle producten
                </Link>
              </EmptyState>
            )}
          </div>
          <PaginationNav
            items={categoryPageItems(listing.page, listing.totalPages)}
            page={listing.page}
            totalPages={listing.totalPages}
            hrefFor={(page) => pageHref(PATH, params, page)}
            nextHref={nextPageHref(PATH, params, listing.page, listing.products.at(-1)?.artNo)}
          />
        </section>
      </div>
    </div>
  );
}
