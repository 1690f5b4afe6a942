const dutchDate = new Intl.DateTimeFormat("nl-NL", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-03-12" → "12 maart 2026". Read as a UTC calendar date so no time zone shifts the day. */
export function formatDutchDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dutchDate.format(date);
}
