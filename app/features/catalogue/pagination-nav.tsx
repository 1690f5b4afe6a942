import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { PageItem } from "./pagination";
import { cn } from "~/shared/ui/cn";

const cell =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm font-medium sm:h-10 sm:min-w-10 sm:px-3";

/** Page links with previous/next; the current page is marked for screen readers too. */
export function PaginationNav({
  items,
  page,
  totalPages,
  hrefFor,
  nextHref,
  className,
  hasMore = false,
}: {
  items: PageItem[];
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** "Volgende" when it differs from the next page's number link (it reads on from this page's last product). */
  nextHref?: string;
  className?: string;
  /** More pages follow `totalPages` (a capped count): "Volgende" stays a link. */
  hasMore?: boolean;
}) {
  if (totalPages <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Paginering" className={cn("mt-8 flex justify-center", className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={cn(cell, "border-line hover:bg-surface")} rel="prev">
              <ChevronLeft aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">Vorige</span>
            </Link>
          ) : (
            <span className={cn(cell, "border-line text-muted opacity-50")} aria-disabled="true">
              <ChevronLeft aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">Vorige</span>
            </span>
          )}
        </li>
        {items.map((item) =>
          item.kind === "ellipsis" ? (
            <li key={item.key} aria-hidden className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={hrefFor(item.page)}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={`Pagina ${item.page}`}
                className={cn(
                  cell,
                  item.page === page ? "border-brand-700 bg-brand-700 text-white" : "border-line hover:bg-surface",
                )}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages || hasMore ? (
            <Link to={nextHref ?? hrefFor(page + 1)} className={cn(cell, "border-line hover:bg-surface")} rel="next">
              <span className="sr-only sm:not-sr-only">Volgende</span>
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span className={cn(cell, "border-line text-muted opacity-50")} aria-disabled="true">
              <span className="sr-only sm:not-sr-only">Volgende</span>
              <ChevronRight aria-hidden className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
