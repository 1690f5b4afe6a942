import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/products-grid.route";
import { PaginationNav } from "./pagination-nav";
import { PLACEHOLDER_IMAGE } from "./stock-indicator";
import { listGridProducts } from "./listing.server";
import { offerOf } from "./offer";
import { gridPageItems } from "./pagination";
import { formatEuro } from "~/shared/money/money";
import { cn } from "~/shared/ui/cn";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page") ?? "";
  const page = /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  return listGridProducts(context.db, page);
}

export function meta({ matches }: Route.MetaArgs) {
  const origin = rootOrigin(matches);
  return pageMeta({
    title: "Producten Rasterweergave",
    description: "Alle producten in één overzichtelijke tabel: artikelnummer, merk, beschrijving, categorie en prijs.",
    origin,
    path: "/products-grid",
  });
}

const hrefFor = (page: number) => (page > 1 ? `/products-grid?page=${page}` : "/products-grid");

export default function ProductsGridPage({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, totalPages } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/products-grid";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">Producten Rasterweergave</h1>
      <p className="mb-4 text-sm text-muted" aria-live="polite">
        {loading ? "Laden…" : `Toont ${rows.length} van ${total.toLocaleString("nl-NL")} producten`}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-8 text-center text-muted">
          Geen producten gevonden. Probeer de pagina te vernieuwen.
        </p>
      ) : (
        <div
          className={cn("overflow-x-auto rounded-lg border border-line", loading && "opacity-60")}
          aria-busy={loading}
        >
          <table className="w-full min-w-[720px] text-left text-sm">
            <caption className="sr-only">{`Producten, pagina ${page} van ${totalPages}`}</caption>
            <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Afbeelding
                </th>
                <th scope="col" className="px-3 py-2">
                  Art Nr
                </th>
                <th scope="col" className="px-3 py-2">
                  Merk
                </th>
                <th scope="col" className="px-3 py-2">
                  Beschrijving
                </th>
                <th scope="col" className="px-3 py-2">
                  Categorie
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Prijs
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.artNo} className="border-t border-line hover:bg-surface">
                  <td className="px-3 py-2">
                    <img
                      src={row.image ?? PLACEHOLDER_IMAGE}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="size-12 rounded bg-white object-contain"
                      data-fallback={PLACEHOLDER_IMAGE}
                    />
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{row.artNo}</td>
                  <td className="px-3 py-2">{row.brand}</td>
                  <td className="px-3 py-2">
                    <Link to={`/product/${row.artNo}`} className="font-medium text-brand-700 hover:underline">
                      {row.shortDescription}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-muted">{row.categoryName ?? "–"}</td>
                  <td className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                    {(() => {
                      // The struck price only when it is honest (offerOf: lowest price of the 30 days before).
                      const offer = offerOf(row);
                      return offer.onOffer ? (
                        <>
                          <span className="text-accent-700">{formatEuro(offer.nowCents)}</span>{" "}
                          <span className="text-xs font-normal text-muted line-through">
                            <span className="sr-only">Van </span>
                            {formatEuro(offer.wasCents)}
                          </span>
                        </>
                      ) : (
                        formatEuro(offer.nowCents)
                      );
                    })()}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PaginationNav items={gridPageItems(page, totalPages)} page={page} totalPages={totalPages} hrefFor={hrefFor} />
    </div>
  );
}
