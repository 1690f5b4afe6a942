import { Link } from "react-router";
import { CategoryCards, EmptyState, type CategoryCardData } from "~/features/catalogue/components";

/**
 * A search without results (issue 30): "Bedoelde je …?" with the nearest query that finds something,
 * and the main categories to go on from.
 */
export function NoResults({
  q,
  suggestion,
  categoryId,
  topCategories,
}: {
  q: string;
  suggestion: string | null;
  categoryId: number | null;
  topCategories: CategoryCardData[];
}) {
  const params = new URLSearchParams({ q: suggestion ?? "" });
  if (categoryId != null) params.set("cat", String(categoryId));
  return (
    <div className="flex flex-col gap-8">
      <EmptyState
        title={`Geen producten gevonden voor "${q}"`}
        hint={suggestion ? "" : "Controleer de spelling of probeer een ander woord"}
      >
        {suggestion ? (
          <p className="text-lg">
            Bedoelde je{" "}
            <Link
              to={`/products?${params.toString()}`}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {suggestion}
            </Link>
            ?
          </p>
        ) : null}
      </EmptyState>
      {topCategories.length ? (
        <section aria-labelledby="hoofdcategorieen-kop">
          <h2 id="hoofdcategorieen-kop" className="mb-4 text-xl font-semibold">
            Bekijk onze categorieën
          </h2>
          <CategoryCards categories={topCategories} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
