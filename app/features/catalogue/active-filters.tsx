import { X } from "lucide-react";
import { Link } from "react-router";
import type { ActiveFilter } from "./listing-types";

export type Chip = { key: string; label: string; removeHref: string; ariaLabel: string };

export function chipsOf(active: ActiveFilter[], removeHref: (filter: ActiveFilter) => string): Chip[] {
  return active.map((f) => ({
    key: `${f.filterTypeId}:${f.value}`,
    label: `${f.displayName}: ${f.label}`,
    removeHref: removeHref(f),
    ariaLabel: `Verwijder filter ${f.displayName}: ${f.label}`,
  }));
}

/** The active filters as chips, each with a ✕ link that removes it, plus "Reset alle filters". */
export function ActiveFilters({ chips, resetHref }: { chips: Chip[]; resetHref: string }) {
  if (!chips.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Actieve filters" role="group">
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-100">
              {chip.label}
              <Link
                to={chip.removeHref}
                preventScrollReset
                aria-label={chip.ariaLabel}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
              >
                <X aria-hidden className="size-3.5" />
              </Link>
            </span>
          </li>
        ))}
      </ul>
      <Link
        to={resetHref}
        preventScrollReset
        className="text-sm font-medium text-brand-700 underline underline-offset-4"
      >
        Reset alle filters
      </Link>
    </div>
  );
}
