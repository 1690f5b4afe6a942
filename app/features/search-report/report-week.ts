import { addWeeks, isoWeekName, weekLabel, weekStartOf, weekStartOfName, WEEKS_KEPT } from "./search-week";

/**
 * The week the report shows: ?week=2026-W48 when it names one of the kept weeks, this week when the
 * parameter is absent, and null (a 400) when it names no week or one the report no longer keeps.
 */
export function reportWeekOf(param: string | null, now: Date): string | null {
  const current = weekStartOf(now);
  if (param === null || param === "") return current;
  const start = weekStartOfName(param);
  if (start === null || start > current || start < addWeeks(current, 1 - WEEKS_KEPT)) return null;
  return start;
}

/** The picker's weeks: every kept week, newest first, those without searches said so. */
export function weekChoices(current: string, withSearches: readonly string[]) {
  const having = new Set(withSearches);
  return Array.from({ length: WEEKS_KEPT }, (_, i) => addWeeks(current, -i)).map((start) => ({
    name: isoWeekName(start),
    label: having.has(start) ? weekLabel(start) : `${weekLabel(start)} (no searches)`,
  }));
}
