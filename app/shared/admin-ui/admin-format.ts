import { adminMomentOf, type AdminMoment } from "~/shared/dates/admin-dates";

/**
 * Moments as the admin reads them ("12 Mar 2026, 14:05", Amsterdam time: ~/shared/dates). Formatted
 * on the server and sent as text with the ISO value, so the hydrated page shows exactly what the
 * server drew.
 */
export type Moment = AdminMoment;

export function adminMoment(date: Date | string, { seconds = false } = {}): Moment {
  return adminMomentOf(date, { seconds });
}
