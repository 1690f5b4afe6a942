import { AlertTriangle, ArrowDownRight, ArrowUpRight, CheckCircle2, ChevronRight, Minus } from "lucide-react";
import { Link } from "react-router";
import { formatEuro } from "~/shared/money/money";
import { averageOrderCents, changeOf, changeText, DASHBOARD_PERIODS, type Change, type Sales } from "./figures";
import type { TodoItem } from "./todo";

export type PeriodSalesView = { days: number; current: Sales; previous: Sales };

export const DASHBOARD_LOAD_ERROR = "The dashboard could not be loaded. Reload the page to try again.";

const number = new Intl.NumberFormat("nl-NL");

/**
 * The Dashboard (issue 29): what needs the admin's attention, each item a link to the list that
 * shows it, and how the shop is selling today, this week and this month against the period before.
 */
export function DashboardPanel({
  sales,
  todo,
  error,
}: {
  sales: PeriodSalesView[] | null;
  todo: TodoItem[] | null;
  error: string | null;
}) {
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-6">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        Dashboard
      </h2>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {error}
        </p>
      ) : null}
      {todo ? <TodoList items={todo} /> : null}
      {sales ? <SalesFigures sales={sales} /> : null}
    </section>
  );
}

function TodoList({ items }: { items: TodoItem[] }) {
  return (
    <section
      aria-labelledby="dashboard-todo-title"
      className="rounded-lg border border-line bg-white p-4 shadow-sm md:p-5"
    >
      <h3 id="dashboard-todo-title" className="text-lg font-semibold">
        To do
      </h3>
      {items.length === 0 ? (
        <div className="mt-3 flex items-center gap-3 rounded-md bg-brand-50 p-4 text-brand-900">
          <CheckCircle2 aria-hidden className="size-6 shrink-0 text-brand-700" />
          <div>
            <p className="font-semibold">Nothing needs your attention</p>
            <p className="text-sm">
              Every paid order is with the supplier, no refund is waiting, stock is fine and mail is going out.
            </p>
          </div>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.href}
                className="group -mx-2 flex items-start gap-3 rounded-md px-2 py-3 no-underline hover:bg-slate-50 focus-visible:outline-2"
              >
                <AlertTriangle
                  aria-hidden
                  className={`mt-0.5 size-5 shrink-0 ${item.tone === "danger" ? "text-danger" : "text-amber-600"}`}
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-ink group-hover:underline">{item.title}</span>
                  {item.detail ? <span className="block text-sm break-words text-muted">{item.detail}</span> : null}
                </span>
                <ChevronRight aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SalesFigures({ sales }: { sales: PeriodSalesView[] }) {
  return (
    <section aria-labelledby="dashboard-sales-title" className="space-y-3">
      <div>
        <h3 id="dashboard-sales-title" className="text-lg font-semibold">
          Sales
        </h3>
        <p className="text-sm text-muted">
          Paid orders by the day they were paid (Amsterdam time). Revenue includes VAT and shipping, less refunds. Each
          period is compared with the same stretch of time just before it.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {DASHBOARD_PERIODS.map((period) => {
          const figures = sales.find((s) => s.days === period.days);
          if (!figures) return null;
          const id = `dashboard-period-${period.days}`;
          const average = averageOrderCents(figures.current);
          const previousAverage = averageOrderCents(figures.previous);
          return (
            <article
              key={period.days}
              aria-labelledby={id}
              className="rounded-lg border border-line bg-white p-4 shadow-sm md:p-5"
            >
              <h4 id={id} className="font-semibold">
                {period.label}
              </h4>
              <dl className="mt-3 space-y-3">
                <Figure
                  label="Revenue"
                  value={formatEuro(figures.current.revenueCents)}
                  change={changeOf(figures.current.revenueCents, figures.previous.revenueCents)}
                  previous={period.previous}
                  large
                />
                <Figure
                  label="Orders"
                  value={number.format(figures.current.orders)}
                  change={changeOf(figures.current.orders, figures.previous.orders)}
                  previous={period.previous}
                />
                <Figure
                  label="Average order value"
                  value={average === null ? "–" : formatEuro(average)}
                  change={changeOf(average, previousAverage)}
                  previous={period.previous}
                />
              </dl>
            </article>
          );
        })}
      </div>
    </section>
  );
}

function Figure({
  label,
  value,
  change,
  previous,
  large = false,
}: {
  label: string;
  value: string;
  change: Change;
  previous: string;
  large?: boolean;
}) {
  const up = change.kind === "percent" && change.percent > 0;
  const down = change.kind === "percent" && change.percent < 0;
  // No arrow without a percentage: a dash would read as a minus sign.
  const Icon = up ? ArrowUpRight : down ? ArrowDownRight : change.kind === "percent" ? Minus : null;
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={`tabular-nums ${large ? "text-2xl font-semibold" : "text-lg font-medium"}`}>{value}</dd>
      <dd className={`flex items-center gap-1 text-sm ${up ? "text-brand-700" : down ? "text-danger" : "text-muted"}`}>
        {Icon ? <Icon aria-hidden className="size-4 shrink-0" /> : null}
        {changeText(change, previous)}
      </dd>
    </div>
  );
}
