import { FolderOpen } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/shared/ui/cn";

export type CategoryCardData = { id: number; name: string; imageUrl: string | null; productCount: number };

/** "{n} producten" with the Dutch thousands separator ("57.662 producten"). */
export function productCountLabel(n: number): string {
  return `${n.toLocaleString("nl-NL")} ${n === 1 ? "product" : "producten"}`;
}

/** A listing's total; a capped count (a huge category with filters) says it is a lower bound. */
export function listingTotalLabel(n: number, capped: boolean): string {
  return capped ? `Meer dan ${n.toLocaleString("nl-NL")} producten` : productCountLabel(n);
}

/** Subcategory cards ("{n} producten"), each linking to its listing. */
export function CategoryCards({
  categories,
  hrefFor = (id) => `/products?cat=${id}`,
  headingLevel = 2,
  className,
}: {
  categories: CategoryCardData[];
  hrefFor?: (id: number) => string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={cn("grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4", className)}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={hrefFor(category.id)}
            className="group flex h-full flex-col overflow-hidden rounded-lg border border-line bg-white transition-shadow hover:shadow-md"
          >
            <div className="flex aspect-[4/3] items-center justify-center bg-surface">
              {category.imageUrl ? (
                <img
                  src={category.imageUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={320}
                  height={240}
                  className="size-full object-cover"
                  data-fallback="/placeholder.svg"
                />
              ) : (
                <FolderOpen aria-hidden className="size-10 text-brand-600" />
              )}
            </div>
            <div className="flex flex-1 flex-col gap-1 p-3">
              <Heading className="font-semibold text-ink group-hover:text-brand-700">{category.name}</Heading>
              <p className="text-sm text-muted">{productCountLabel(category.productCount)}</p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
