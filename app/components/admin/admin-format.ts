/**
 * Moments as the admin reads them ("12 Mar 2026, 14:05", Amsterdam time). Formatted on the server
 * and sent as text with the ISO value, so the hydrated page shows exactly what the server drew.
 */
const moment = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

const momentWithSeconds = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Europe/Amsterdam",
});

export type Moment = { iso: string; text: string };

export function adminMoment(date: Date | string, { seconds = false } = {}): Moment {
  const value = typeof date === "string" ? new Date(date) : date;
  return { iso: value.toISOString(), text: (seconds ? momentWithSeconds : moment).format(value) };
}
