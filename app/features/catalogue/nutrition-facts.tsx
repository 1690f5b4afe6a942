import type { NutritionFact } from "./product-detail-types";

/** Ingredients, allergens and nutrition values of sports nutrition, each only when the data exists. */
export function NutritionFacts({
  ingredients,
  allergens,
  nutrition,
}: {
  ingredients: string | null;
  allergens: string | null;
  nutrition: NutritionFact[];
}) {
  if (!ingredients && !allergens && nutrition.length === 0) return null;
  const hasServing = nutrition.some((r) => r.perServing);
  return (
    <section aria-labelledby="voedingswaarde" className="space-y-4">
      <h2 id="voedingswaarde" className="text-xl font-semibold">
        Ingrediënten en voedingswaarde
      </h2>
      {ingredients ? (
        <div>
          <h3 className="font-semibold">Ingrediënten</h3>
          <p className="mt-1 text-sm leading-6 text-ink">{ingredients}</p>
        </div>
      ) : null}
      {allergens ? (
        <div>
          <h3 className="font-semibold">Allergenen</h3>
          <p className="mt-1 text-sm leading-6 text-ink">{allergens}</p>
        </div>
      ) : null}
      {nutrition.length ? (
        <div className="overflow-x-auto">
          <table className="w-full max-w-lg border-collapse text-sm">
            <caption className="mb-2 text-left font-semibold">Voedingswaarde</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-2 pr-4 font-medium text-muted">
                  Per
                </th>
                <th scope="col" className="py-2 pr-4 font-medium text-muted">
                  100 g
                </th>
                {hasServing ? (
                  <th scope="col" className="py-2 font-medium text-muted">
                    Per portie
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {nutrition.map((row) => (
                <tr key={row.label} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-4 text-left font-normal">
                    {row.label}
                  </th>
                  <td className="py-2 pr-4">{row.per100}</td>
                  {hasServing ? <td className="py-2">{row.perServing ?? "–"}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
