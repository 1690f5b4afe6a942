import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/products.route";
import { BackButton } from "./back-button";
import { CategoryCards } from "./category-cards";
import { EmptyState } from "./empty-state";
import { ListingView } from "./listing-view";
import { getCategoryPath, getChildCategories, getDescendantIds, getTopCategories } from "./categories.server";
import { getFilterTypes, listProducts } from "./listing.server";
import { isFormStyleQuery, listingHref, MIN_QUERY_LENGTH, parseListingParams } from "./listing-params";
import { countSearch } from "~/features/search-report/index.server";
import { NoResults } from "~/features/search";
import { nearestQuery, productByArtNo } from "~/features/search/index.server";
import { rewriteQuery } from "~/features/search-synonyms/index.server";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListingParams(url.searchParams);
  // A plain GET form (no JavaScript) sends repeated keys and min/max inputs: answer with the one
  // canonical URL, so the address bar always describes the page in the documented format.
  if (isFormStyleQuery(url.searchParams)) throw redirect(listingHref(url.pathname, params));
  const { db } = context;

  const categoryPath = params.cat != null ? await getCategoryPath(db, params.cat) : [];
  const category = categoryPath.at(-1) ?? null;
  if (params.cat != null && !category) throw data("Categorie niet gevonden", { status: 404 });
  const parent = categoryPath.length > 1 ? categoryPath.at(-2)! : null;
  const backHref = parent ? `/products?cat=${parent.id}` : "/products";
  const crumbs = categoryPath.map((c) => ({ id: c.id, name: c.name }));

  if (url.searchParams.has("q")) {
    if (params.q.length < MIN_QUERY_LENGTH) {
      return {
        mode: "search-hint" as const,
        params,
        q: params.q,
        category: category && { id: category.id, name: category.name },
      };
    }
    // An ArtNo typed whole goes straight to its product (issue 30).
    const artNo = await productByArtNo(db, params.q);
    if (artNo != null) throw redirect(`/product/${artNo}`);
    const [filterTypes, categoryIds, searched] = await Promise.all([
      getFilterTypes(db, params.cat),
      params.cat != null ? getDescendantIds(db, params.cat) : Promise.resolve(null),
      // The owner's synonyms (ADR 0044): the page shows what was typed, the search runs the rewrite.
      rewriteQuery(db, params.q),
    ]);
    const { tagFacet: _tags, ...listing } = await listProducts(db, {
      categoryIds,
      q: searched,
      filters: params.filters,
      filterTypes,
      sort: params.sort,
      page: params.page,
      after: params.after,
    });
    // The search report counts a search once: its first page, not each page, filter or sort after it.
    const firstLook = params.page === 1 && !params.after && params.sort === "default";
    if (firstLook && Object.keys(params.filters).length === 0) countSearch(db, context.logger, params.q, listing.total);
    // Nothing found at all (not merely filtered away): the nearest query that finds something, and
    // the main categories to go on from.
    const nothing = listing.total === 0 && !Object.keys(params.filters).length;
    const [suggestion, topCategories] = nothing
      ? await Promise.all([nearestQuery(db, searched), getTopCategories(db)])
      : [null, []];
    return {
      mode: "search" as const,
      params,
      q: params.q,
      category: category && { id: category.id, name: category.name },
      listing,
      noResults: nothing ? { suggestion, topCategories } : null,
    };
  }

  if (!category) {
    return { mode: "none" as const, params, topCategories: await getTopCategories(db) };
  }

  const [children, filterTypes] = await Promise.all([
    getChildCategories(db, category.id),
    getFilterTypes(db, category.id),
  ]);
  const head = { id: category.id, name: category.name, backHref, crumbs };
  if (children.length) {
    return { mode: "parent" as const, params, category: head, children };
  }
  const { tagFacet: _tags, ...listing } = await listProducts(db, {
    categoryIds: [category.id],
    filters: params.filters,
    filterTypes,
    sort: params.sort,
    page: params.page,
    after: params.after,
  });
  return { mode: "listing" as const, params, category: head, listing };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const origin = rootOrigin(matches);
  if (!loaderData)
    return pageMeta({
      title: "Categorie niet gevonden",
      description: "Deze categorie bestaat niet.",
      origin,
      path: "/products",
      noindex: true,
    });
  switch (loaderData.mode) {
    case "search":
    case "search-hint":
      return pageMeta({
        title: `Zoekresultaten voor "${loaderData.q}"`,
        description: `Producten die passen bij "${loaderData.q}" in de webshop.`,
        origin,
        path: "/products",
        noindex: true,
      });
    case "none":
      return pageMeta({
        title: "Producten",
        description: "Bekijk alle categorieën: fietsonderdelen, onderhoud en sportvoeding.",
        origin,
        path: "/products",
      });
    default:
      // The canonical URL of a filtered, sorted or paged listing is the plain category URL.
      return pageMeta({
        title: loaderData.category.name,
        description: `${loaderData.category.name} online bestellen: bekijk het assortiment, filter op merk en prijs.`,
        origin,
        path: `/products?cat=${loaderData.category.id}`,
      });
  }
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  if (d.mode === "none") {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <div className="rounded-lg border border-line bg-surface p-6 text-center">
          <h1 className="text-2xl font-bold">Geen categorie geselecteerd</h1>
          <Link to="/products" className="mt-3 inline-block font-medium text-brand-700 underline underline-offset-4">
            Bekijk alle producten
          </Link>
        </div>
        {d.topCategories.length ? (
          <section aria-labelledby="categorieen-kop" className="mt-10">
            <h2 id="categorieen-kop" className="mb-4 text-xl font-semibold">
              Alle categorieën
            </h2>
            <CategoryCards categories={d.topCategories} headingLevel={3} />
          </section>
        ) : null}
      </div>
    );
  }

  if (d.mode === "search" || d.mode === "search-hint") {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <BackButton fallbackHref={d.category ? `/products?cat=${d.category.id}` : "/products"} />
          <h1 className="text-2xl font-bold break-words">{`Zoekresultaten voor "${d.q}"`}</h1>
        </div>
        {d.category ? <p className="-mt-3 mb-4 text-sm text-muted">{`In ${d.category.name}`}</p> : null}
        {d.mode === "search-hint" ? (
          <p className="rounded-md border border-line bg-surface p-4 text-muted" role="status">
            Type minimaal 2 tekens om te zoeken
          </p>
        ) : d.noResults ? (
          <NoResults
            q={d.q}
            suggestion={d.noResults.suggestion}
            categoryId={d.category?.id ?? null}
            topCategories={d.noResults.topCategories}
          />
        ) : (
          <ListingView path="/products" params={d.params} listing={d.listing} />
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {d.category.crumbs.length > 1 ? (
        <nav aria-label="Kruimelpad" className="mb-3 text-sm text-muted">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/products" className="hover:underline">
                Producten
              </Link>
            </li>
            {d.category.crumbs.map((c, i) => (
              <li key={c.id} className="flex items-center gap-1">
                <span aria-hidden>/</span>
                {i === d.category.crumbs.length - 1 ? (
                  <span aria-current="page" className="text-ink">
                    {c.name}
                  </span>
                ) : (
                  <Link to={`/products?cat=${c.id}`} className="hover:underline">
                    {c.name}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <BackButton fallbackHref={d.category.backHref} />
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{d.category.name}</h1>
      </div>
      {d.mode === "parent" ? (
        <section aria-labelledby="subcategorieen-kop">
          <h2 id="subcategorieen-kop" className="sr-only">
            Subcategorieën
          </h2>
          <CategoryCards categories={d.children} headingLevel={3} />
        </section>
      ) : d.listing.total === 0 && !Object.keys(d.params.filters).length ? (
        <EmptyState hint="Probeer andere filters of reset alle filters" />
      ) : (
        <ListingView path="/products" params={d.params} listing={d.listing} />
      )}
    </div>
  );
}
