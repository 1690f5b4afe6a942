import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/onderhoud.route";
import { CategoryCards, productCountLabel } from "./category-cards";
import { ListingView } from "./listing-view";
import { buttonVariants } from "~/shared/ui/button";
import { getCategory, getCategoryPath, getChildCategories } from "./categories.server";
import { CATEGORY_IDS } from "./category-ids";
import { getFilterTypes, listProducts } from "./listing.server";
import { isFormStyleQuery, listingHref, parseListingParams } from "./listing-params";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

const PATH = "/onderhoud";
const MAINTENANCE = CATEGORY_IDS.maintenance;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = { ...parseListingParams(url.searchParams), q: "" };
  if (isFormStyleQuery(url.searchParams)) throw redirect(listingHref(PATH, params));
  const { db } = context;
  if (params.cat === MAINTENANCE) throw redirect(PATH);

  if (params.cat == null) {
    const [parent, children] = await Promise.all([getCategory(db, MAINTENANCE), getChildCategories(db, MAINTENANCE)]);
    return { mode: "overview" as const, title: parent?.name ?? "Onderhoud", children };
  }

  // Only the maintenance subtree lives under /onderhoud; anything else is not a page here.
  const path = await getCategoryPath(db, params.cat);
  const category = path.at(-1);
  if (!category || !path.some((c) => c.id === MAINTENANCE)) throw data("Categorie niet gevonden", { status: 404 });
  const [children, filterTypes] = await Promise.all([
    getChildCategories(db, category.id),
    getFilterTypes(db, category.id),
  ]);
  if (children.length) {
    return { mode: "children" as const, category: { id: category.id, name: category.name }, children };
  }
  const { tagFacet: _tags, ...listing } = await listProducts(db, {
    categoryIds: [category.id],
    filters: params.filters,
    filterTypes,
    sort: params.sort,
    page: params.page,
    after: params.after,
  });
  return { mode: "products" as const, category: { id: category.id, name: category.name }, params, listing };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const origin = rootOrigin(matches);
  if (loaderData && loaderData.mode !== "overview") {
    return pageMeta({
      title: `${loaderData.category.name} - Onderhoud`,
      description: `${loaderData.category.name}: onderhoudsproducten voor je fiets.`,
      origin,
      path: `${PATH}?cat=${loaderData.category.id}`,
    });
  }
  return pageMeta({
    title: "Onderhoud",
    description: "Alles voor het onderhoud van je fiets: reiniging, smering, gereedschap en meer.",
    origin,
    path: PATH,
  });
}

export default function OnderhoudPage({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  if (d.mode === "overview") {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="text-3xl font-bold">{d.title}</h1>
        <p className="mt-2 mb-6 text-muted">Kies een categorie voor het onderhoud van je fiets.</p>
        {d.children.length ? (
          <CategoryCards categories={d.children} hrefFor={(id) => `${PATH}?cat=${id}`} />
        ) : (
          <p className="text-muted">Er zijn nog geen onderhoudscategorieën.</p>
        )}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link to={PATH} className={buttonVariants({ variant: "outline", size: "sm" })}>
        <ArrowLeft aria-hidden />
        Terug naar onderhoud overzicht
      </Link>
      <h1 className="mt-4 mb-6 text-3xl font-bold">{d.category.name}</h1>
      {d.mode === "children" ? (
        <section aria-labelledby="sub-kop">
          <h2 id="sub-kop" className="mb-3 text-lg font-semibold">
            Categorieën
          </h2>
          <ul className="flex flex-wrap gap-2">
            {d.children.map((child) => (
              <li key={child.id}>
                <Link
                  to={`${PATH}?cat=${child.id}`}
                  className="inline-flex items-center gap-2 rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-600 hover:text-brand-700"
                >
                  {child.name}
                  <span className="text-xs text-muted">{productCountLabel(child.productCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <ListingView path={PATH} params={d.params} listing={d.listing} />
      )}
    </div>
  );
}
