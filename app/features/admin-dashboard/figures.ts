/**
 * The Dashboard's sales figures (issue 29) as numbers and as the words beside them. Pure: shared by
 * the server, which works the figures out, and the page, which draws them.
 */

/** The periods the Dashboard shows, each against the same stretch just before it. */
export const DASHBOARD_PERIODS = [
  { days: 1, label: "Today", previous: "yesterday" },
  { days: 7, label: "Last 7 days", previous: "previous 7 days" },
  { days: 30, label: "Last 30 days", previous: "previous 30 days" },
] as const;

export type PeriodDays = (typeof DASHBOARD_PERIODS)[number]["days"];

/** Paid orders of one stretch of time: how many, and what they brought in (cents, VAT in, refunds out). */
export type Sales = { orders: number; revenueCents: number };

/** Revenue per order in whole cents (half a cent up); null without orders. */
export function averageOrderCents(sales: Sales): number | null {
  return sales.orders === 0 ? null : Math.round(sales.revenueCents / sales.orders);
}

export type Change =
  | { kind: "percent"; percent: number }
  /** Nothing in the period before: no percentage can be given. */
  | { kind: "new" }
  /** Nothing in either period. */
  | { kind: "none" };

/** This period against the one before, in whole percents (rounded half away from zero). */
export function changeOf(current: number | null, previous: number | null): Change {
  if (!previous) return current ? { kind: "new" } : { kind: "none" };
  const ratio = (((current ?? 0) - previous) / previous) * 100;
  return { kind: "percent", percent: Math.sign(ratio) * Math.round(Math.abs(ratio)) };
}

const whole = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 0 });

/** "+12 % vs previous 7 days", "−5 % vs yesterday", "0 % vs …", "none in the previous 7 days". */
export function changeText(change: Change, previous: string): string {
  switch (change.kind) {
    case "none":
      return `none ${previous === "yesterday" ? "yesterday" : `in the ${previous}`} either`;
    case "new":
      return `none ${previous === "yesterday" ? "yesterday" : `in the ${previous}`}`;
    case "percent": {
      const sign = change.percent > 0 ? "+" : change.percent < 0 ? "\u2212" : "";
      return `${sign}${whole.format(Math.abs(change.percent))} % vs ${previous}`;
    }
  }
}
