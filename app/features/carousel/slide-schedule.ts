/**
 * A slide's optional start and end day (issue 29 item 8; ADR 0038). Days are Amsterdam calendar days
 * ("2026-12-01"): a slide shows from 00:00 Amsterdam time on its start day through 23:59:59 on its
 * end day (both days included), winter or summer time. Either may be empty: no start means "from
 * now", no end means "until switched off".
 */
export type SlideDays = { startsOn: string | null; endsOn: string | null };

/** "scheduled": its start day is still to come; "ended": its end day has passed; else "current". */
export type SlideTiming = "scheduled" | "current" | "ended";

const dayParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  numberingSystem: "latn",
});

/** The calendar day in Amsterdam at `now`, as "yyyy-mm-dd". */
export function amsterdamDay(now: Date): string {
  const parts: Record<string, string> = {};
  for (const part of dayParts.formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Where a slide stands on Amsterdam day `today` (yyyy-mm-dd strings compare as days). */
export function slideTiming(slide: SlideDays, today: string): SlideTiming {
  if (slide.startsOn !== null && slide.startsOn > today) return "scheduled";
  if (slide.endsOn !== null && slide.endsOn < today) return "ended";
  return "current";
}

/** Whether the home page shows the slide on `today`: switched on and within its days. */
export function isSlideShown(slide: SlideDays & { isActive: boolean }, today: string): boolean {
  return slide.isActive && slideTiming(slide, today) === "current";
}

/** A real calendar day written as yyyy-mm-dd (years 2000–2099: a slide is not planned further). */
export function isCalendarDay(value: string): boolean {
  const match = /^(20\d\d)-(\d\d)-(\d\d)$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The posted start and end day: empty is none; the end may not lie before the start. */
export function parseSlideDays(
  rawStart: string,
  rawEnd: string,
): { ok: true; days: SlideDays } | { ok: false; message: string } {
  const start = rawStart.trim();
  const end = rawEnd.trim();
  if (start !== "" && !isCalendarDay(start)) return { ok: false, message: "Startdatum is geen geldige datum" };
  if (end !== "" && !isCalendarDay(end)) return { ok: false, message: "Einddatum is geen geldige datum" };
  if (start !== "" && end !== "" && end < start) return { ok: false, message: "Einddatum ligt voor de startdatum" };
  return { ok: true, days: { startsOn: start || null, endsOn: end || null } };
}
