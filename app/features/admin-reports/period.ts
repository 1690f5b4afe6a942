import { calendarDay } from "~/features/orders";

/**
 * The period a report covers (issue 29, item 4): two Amsterdam calendar days, both inclusive, read
 * from the URL (?from=yyyy-mm-dd&to=yyyy-mm-dd) by the page and the CSV downloads alike. Without
 * dates the report shows this month. Pure: shared with the browser.
 */
export type ReportPeriod = { from: string; to: string };

export type PeriodPresetId = "this-month" | "last-month" | "this-quarter" | "last-quarter" | "this-year";

export type PeriodPreset = ReportPeriod & { id: PeriodPresetId; label: string };

const amsterdamDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "2026-11-27": the Amsterdam calendar day of a moment. */
export function amsterdamDayOf(moment: Date): string {
  return amsterdamDay.format(moment);
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayText = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** The last day of a month (month 1–12). */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Months `first`..`last` (1–12, may run below 1 into the year before) as a period. */
function months(year: number, first: number, last: number): ReportPeriod {
  const start = new Date(Date.UTC(year, first - 1, 1));
  const end = new Date(Date.UTC(year, last - 1, 1));
  return {
    from: dayText(start.getUTCFullYear(), start.getUTCMonth() + 1, 1),
    to: dayText(end.getUTCFullYear(), end.getUTCMonth() + 1, lastDayOf(end.getUTCFullYear(), end.getUTCMonth() + 1)),
  };
}

/** The presets, relative to `today` (an Amsterdam day, yyyy-mm-dd). */
export function periodPresets(today: string): PeriodPreset[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterStart = month - ((month - 1) % 3);
  return [
    { id: "this-month", label: "This month", ...months(year, month, month) },
    { id: "last-month", label: "Last month", ...months(year, month - 1, month - 1) },
    { id: "this-quarter", label: "This quarter", ...months(year, quarterStart, quarterStart + 2) },
    { id: "last-quarter", label: "Last quarter", ...months(year, quarterStart - 3, quarterStart - 1) },
    { id: "this-year", label: "This year", ...months(year, 1, 12) },
  ];
}

export type ParsedPeriod = { ok: true; period: ReportPeriod } | { ok: false; error: string; period: ReportPeriod };

/** ?from=&to= as a period; both empty is this month. A refusal carries this month to draw the form with. */
export function parseReportPeriod(params: URLSearchParams, today: string): ParsedPeriod {
  const thisMonth = periodPresets(today)[0]!;
  const fallback = { from: thisMonth.from, to: thisMonth.to };
  const rawFrom = (params.get("from") ?? "").trim();
  const rawTo = (params.get("to") ?? "").trim();
  if (rawFrom === "" && rawTo === "") return { ok: true, period: fallback };
  if (rawFrom === "" || rawTo === "")
    return { ok: false, error: "Choose both a From and a To date.", period: fallback };
  const from = calendarDay(rawFrom);
  const to = calendarDay(rawTo);
  if (!from || !to) return { ok: false, error: "Enter the dates as yyyy-mm-dd.", period: fallback };
  if (from > to) return { ok: false, error: "The From date is after the To date.", period: fallback };
  return { ok: true, period: { from, to } };
}

/** The preset a period is, if any (to mark the current choice). */
export function presetOf(period: ReportPeriod, today: string): PeriodPresetId | null {
  return periodPresets(today).find((p) => p.from === period.from && p.to === period.to)?.id ?? null;
}

export function periodSearch(period: ReportPeriod): string {
  return `?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;
}
