import type { WithdrawalDue } from "./order-badges";

const dueDay = new Intl.DateTimeFormat("nl-NL", { day: "numeric", month: "short", timeZone: "Europe/Amsterdam" });

/** The refund deadline as the list shows it ("11 dec", Amsterdam), formatted once on the server. */
export function withdrawalDue(dueAt: Date, now: Date = new Date()): WithdrawalDue {
  return { iso: dueAt.toISOString(), day: dueDay.format(dueAt).replace(/\.$/, ""), overdue: dueAt < now };
}
