/**
 * The search report's weeks (issue 30 item 10, ADR 0044): ISO weeks (Monday to Sunday) of Amsterdam
 * days. A week is kept as the day it starts ("2026-11-23") and shown and linked as its ISO name
 * ("2026-W48"). Pure: unit-tested next to this file.
 */

const amsterdamDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
const dayText = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** How many weeks the report keeps, this one included. */
export const WEEKS_KEPT = 52;

/** The Monday (yyyy-mm-dd) of the ISO week an Amsterdam day (yyyy-mm-dd) falls in. */
export function weekStartOfDay(day: string): string {
  const date = utcDay(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return dayText(new Date(date.getTime() - sinceMonday * DAY_MS));
}

/** The Monday of the week a moment falls in, in Amsterdam. */
export function weekStartOf(moment: Date): string {
  return weekStartOfDay(amsterdamDay.format(moment));
}

/** The Monday `weeks` weeks after (or before, negative) the given Monday. */
export function addWeeks(weekStart: string, weeks: number): string {
  return dayText(new Date(utcDay(weekStart).getTime() + weeks * 7 * DAY_MS));
}

/** "2026-W48" for the week starting on Monday 2026-11-23: the ISO year is the Thursday's. */
export function isoWeekName(weekStart: string): string {
  const thursday = new Date(utcDay(weekStart).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = utcDay(weekStartOfDay(`${year}-01-04`)).getTime() + 3 * DAY_MS;
  const week = 1 + Math.round((thursday.getTime() - firstThursday) / (7 * DAY_MS));
  return `${year}-W${pad(week)}`;
}

/** The Monday of an ISO week name ("2026-W48"), or null when it names no week (2026-W54, 2026-W1). */
export function weekStartOfName(name: string): string | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(name);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (year < 2000 || year > 2999 || week < 1) return null;
  const start = addWeeks(weekStartOfDay(`${year}-01-04`), week - 1);
  return isoWeekName(start) === name ? start : null;
}

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "Week 48, 2026: 23 Nov – 29 Nov 2026". */
export function weekLabel(weekStart: string): string {
  const [year, week] = isoWeekName(weekStart).split("-W");
  const sunday = new Date(utcDay(weekStart).getTime() + 6 * DAY_MS);
  return `Week ${Number(week)}, ${year}: ${shortDate.format(utcDay(weekStart))} – ${longDate.format(sunday)}`;
}
