/** A page number to show as a link, or a gap ("…") between page numbers. */
export type PageItem = { kind: "page"; page: number } | { kind: "ellipsis"; key: string };

function withGaps(pages: number[]): PageItem[] {
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (previous && page > previous + 1) items.push({ kind: "ellipsis", key: `gap-${previous}-${page}` });
    items.push({ kind: "page", page });
    previous = page;
  }
  return items;
}

function clampPage(current: number, totalPages: number): number {
  if (!Number.isFinite(current)) return 1;
  return Math.min(Math.max(1, Math.trunc(current)), Math.max(1, totalPages));
}

/**
 * Category paging (spec 1 §2.4): the first 3 and last 3 pages, the current page and its neighbours,
 * and an ellipsis wherever numbers are skipped. A gap of exactly one page shows that page instead
 * of an ellipsis, since "…" would hide no more than the number itself. `openEnded`: there are more
 * pages than `totalPages` (a capped count), so no last pages are shown.
 */
export function categoryPageItems(current: number, totalPages: number, openEnded = false): PageItem[] {
  if (totalPages <= 1 && !openEnded) return totalPages === 1 ? [{ kind: "page", page: 1 }] : [];
  const page = clampPage(current, totalPages);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(3, totalPages); p++) shown.add(p);
  // A capped total (a huge category, listing.server.ts) has no known last page: an ellipsis ends
  // the numbers instead, and "Volgende" goes on.
  if (!openEnded) for (let p = Math.max(1, totalPages - 2); p <= totalPages; p++) shown.add(p);
  for (let p = page - 1; p <= page + 1; p++) if (p >= 1 && p <= totalPages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const filled: number[] = [];
  for (const p of sorted) {
    const last = filled.at(-1);
    if (last !== undefined && p === last + 2) filled.push(last + 1);
    filled.push(p);
  }
  const items = withGaps(filled);
  return openEnded ? [...items, { kind: "ellipsis", key: "more" }] : items;
}

/**
 * Grid paging (spec 2 §9): up to 5 page buttons, a window of 2 either side of the current page,
 * shifted at the ends so 5 stay visible; an ellipsis marks pages beyond the window.
 */
export function gridPageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const page = clampPage(current, totalPages);
  let start = Math.max(1, page - 2);
  const end = Math.min(totalPages, start + 4);
  start = Math.max(1, end - 4);
  const items: PageItem[] = [];
  if (start > 1) items.push({ kind: "ellipsis", key: "before" });
  for (let p = start; p <= end; p++) items.push({ kind: "page", page: p });
  if (end < totalPages) items.push({ kind: "ellipsis", key: "after" });
  return items;
}

export function totalPagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}
