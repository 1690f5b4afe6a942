import { Link } from "react-router";

export const SYNONYMS_PATH = "/admin/search";
export const SEARCH_REPORT_PATH = "/admin/search/report";

const PAGES = [
  { to: SYNONYMS_PATH, label: "Synonyms" },
  { to: SEARCH_REPORT_PATH, label: "Search report" },
] as const;

/** The Search tab's two pages (issue 30 items 9 and 10), as the Reports tab shows its reports. */
export function SearchAdminNav({ current }: { current: (typeof PAGES)[number]["to"] }) {
  const chip =
    "inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium whitespace-nowrap hover:bg-surface";
  return (
    <nav aria-label="Search pages" className="flex flex-wrap gap-2">
      {PAGES.map((page) => (
        <Link
          key={page.to}
          to={page.to}
          aria-current={page.to === current ? "page" : undefined}
          className={`${chip} ${page.to === current ? "border-brand-700 bg-brand-50 text-brand-800" : "border-line"}`}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
