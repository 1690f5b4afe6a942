/**
 * The one way the admin writes a moment: Amsterdam wall-clock time, "27 Nov 2026, 08:40" (with
 * seconds "27 Nov 2026, 08:40:05"), a day "31 Dec 2026", a time of day "08:40:05".
 *
 * Only numbers come from Intl (their digits are the same in every ICU); the month names are our own.
 * ICU versions disagree on words and punctuation (en-GB is "Sept" in Node 20's ICU 78, "Sep" in
 * others; "," or " at " between day and time), and a page drawn by the server with one ICU and
 * hydrated by a browser with another must come out the same, letter for letter.
 */
export const ADMIN_TIME_ZONE = "Europe/Amsterdam";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: ADMIN_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  numberingSystem: "latn",
});

type WallClock = { year: number; month: number; day: number; hour: string; minute: string; second: string };

export type AdminDateInput = Date | string | number;

function toDate(value: AdminDateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a moment: ${String(value)}`);
  return date;
}

function amsterdam(value: AdminDateInput): WallClock {
  const parts: Record<string, string> = {};
  for (const part of wallClock.formatToParts(toDate(value))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** "31 Dec 2026": the Amsterdam calendar day of a moment. */
export function formatAdminDate(value: AdminDateInput): string {
  const c = amsterdam(value);
  return `${c.day} ${MONTHS[c.month - 1]} ${c.year}`;
}

/** "08:40" or "08:40:05" in Amsterdam (log lines, where the day is the one above them). */
export function formatAdminTime(value: AdminDateInput, { seconds = false } = {}): string {
  const c = amsterdam(value);
  return seconds ? `${c.hour}:${c.minute}:${c.second}` : `${c.hour}:${c.minute}`;
}

/** "27 Nov 2026, 08:40" or, with seconds, "27 Nov 2026, 08:40:05" in Amsterdam. */
export function formatAdminDateTime(value: AdminDateInput, { seconds = false } = {}): string {
  const c = amsterdam(value);
  const time = seconds ? `${c.hour}:${c.minute}:${c.second}` : `${c.hour}:${c.minute}`;
  return `${c.day} ${MONTHS[c.month - 1]} ${c.year}, ${time}`;
}

/** A moment as the admin pages send it: the ISO value for <time dateTime> and the text to show. */
export type AdminMoment = { iso: string; text: string };

export function adminMomentOf(value: AdminDateInput, { seconds = false } = {}): AdminMoment {
  return { iso: toDate(value).toISOString(), text: formatAdminDateTime(value, { seconds }) };
}

/** "2026-11-27T07:40:00.000Z" and the like: a moment the formatter can read without guessing. */
export function isIsoMoment(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
}
