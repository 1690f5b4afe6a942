import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** "Geen producten gevonden" with a hint and, when filters are on, the reset link. */
export function EmptyState({
  title = "Geen producten gevonden",
  hint = "Probeer andere filters of reset alle filters",
  resetHref,
  children,
}: {
  title?: string;
  hint?: string;
  resetHref?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line px-4 py-12 text-center">
      <SearchX aria-hidden className="size-10 text-muted" />
      <h2 className="text-lg font-semibold">{title}</h2>
      {hint ? <p className="text-muted">{hint}</p> : null}
      {resetHref ? (
        <Link to={resetHref} className="font-medium text-brand-700 underline underline-offset-4">
          Reset alle filters
        </Link>
      ) : null}
      {children}
    </div>
  );
}
