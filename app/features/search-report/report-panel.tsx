import { Download } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/shared/ui/button";
import { SEARCH_REPORT_PATH, SearchAdminNav } from "~/features/search-synonyms";
import { SEARCH_REPORT_CSV_PATH } from "./report-csv";
import type { WeekReport, WeekQuery } from "./report.server";

export const SEARCH_REPORT_ON_SCREEN = 50;
export const SEARCH_REPORT_LOAD_ERROR = "The search report could not be made. Try again.";

export type WeekChoice = { name: string; label: string };

/**
 * The Search tab's report (issue 30 item 10): for one ISO week, the most searched queries and the
 * ones that found nothing (candidates for a synonym), and the week's CSV. The week is in the URL.
 */
export function SearchReportPanel({
  week,
  weeks,
  report,
  error,
}: {
  week: WeekChoice;
  weeks: WeekChoice[];
  report: WeekReport | null;
  error: string | null;
}) {
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <h2 id="admin-panel-title" className="text-xl font-semibold">
        Search
      </h2>
      <SearchAdminNav current={SEARCH_REPORT_PATH} />
      <p className="max-w-3xl text-sm text-muted">
        What shoppers searched for on the results page, per week (Monday to Sunday). Only the search text and how often
        it was searched are kept, never who searched; weeks older than a year are removed.
      </p>
      <Form
        method="get"
        action={SEARCH_REPORT_PATH}
        aria-label="Report week"
        className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4 sm:flex-row sm:items-end"
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor="search-report-week" className="text-sm font-medium">
            Week
          </label>
          <select
            id="search-report-week"
            name="week"
            defaultValue={week.name}
            key={week.name}
            className="h-10 min-w-0 rounded-md border border-line bg-white px-3 text-base md:text-sm"
          >
            {weeks.map((w) => (
              <option key={w.name} value={w.name}>
                {w.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Show week</Button>
      </Form>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {error}
        </p>
      ) : null}
      {report ? (
        <section aria-labelledby="search-report-title" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h3 id="search-report-title" className="text-lg font-semibold">
                {week.label}
              </h3>
              <p className="text-sm text-muted">
                {report.searches === 1 ? "1 search" : `${report.searches} searches`},{" "}
                {report.queries === 1 ? "1 different query" : `${report.queries} different queries`},{" "}
                {report.zeroResults} without results
              </p>
            </div>
            <a
              href={`${SEARCH_REPORT_CSV_PATH}?week=${week.name}`}
              download
              className="inline-flex h-9 items-center gap-2 rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface"
            >
              <Download aria-hidden className="size-4" />
              Download CSV
            </a>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <QueryTable
              title="Top searches"
              rows={report.top}
              empty="No searches this week."
              count={(row) => row.searches}
              countLabel="Searches"
            />
            <QueryTable
              title="Searches without results"
              rows={report.withoutResults}
              empty="Every search this week found something."
              count={(row) => row.zeroResults}
              countLabel="Without results"
            />
          </div>
        </section>
      ) : null}
    </section>
  );
}

function QueryTable({
  title,
  rows,
  empty,
  count,
  countLabel,
}: {
  title: string;
  rows: WeekQuery[];
  empty: string;
  count: (row: WeekQuery) => number;
  countLabel: string;
}) {
  const cell = "px-3 py-2";
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left font-semibold">{title}</caption>
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className={`${cell} w-10 text-right`}>
              #
            </th>
            <th scope="col" className={`${cell} text-left`}>
              Query
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {countLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="border-t border-line">
              <td colSpan={3} className={`${cell} text-muted`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={row.query} className="border-t border-line">
                <td className={`${cell} text-right text-muted tabular-nums`}>{i + 1}</td>
                <th scope="row" className={`${cell} text-left font-medium break-all`}>
                  {row.query}
                </th>
                <td className={`${cell} text-right tabular-nums`}>{count(row)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
