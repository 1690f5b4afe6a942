import { data } from "react-router";
import type { Route } from "./+types/report.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { textParam } from "~/shared/forms/text-input";
import { SEARCH_REPORT_LOAD_ERROR, SEARCH_REPORT_ON_SCREEN, SearchReportPanel } from "./report-panel";
import { reportWeekOf, weekChoices } from "./report-week";
import { weekReport, weeksWithSearches } from "./report.server";
import { isoWeekName, weekLabel, weekStartOf } from "./search-week";

export function meta() {
  return [{ title: "Search report | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** The Search tab's report (issue 30 item 10): /admin/search/report?week=2026-W48. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const now = new Date();
  const current = weekStartOf(now);
  const param = new URL(request.url).searchParams.get("week");
  const start = reportWeekOf(textParam(param) ?? "", now);
  const shown = start ?? current;
  const week = { name: isoWeekName(shown), label: weekLabel(shown) };
  if (start === null) {
    return data(
      {
        week,
        weeks: weekChoices(current, []),
        report: null,
        error: "Choose one of the weeks in the list: the report keeps the last 52 weeks.",
      },
      { status: 400 },
    );
  }
  try {
    const [withSearches, report] = await Promise.all([
      weeksWithSearches(context.db),
      weekReport(context.db, start, SEARCH_REPORT_ON_SCREEN),
    ]);
    return { week, weeks: weekChoices(current, withSearches), report, error: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin search report failed");
    return data(
      { week, weeks: weekChoices(current, []), report: null, error: SEARCH_REPORT_LOAD_ERROR },
      { status: 500 },
    );
  }
}

export default function AdminSearchReport({ loaderData }: Route.ComponentProps) {
  return <SearchReportPanel {...loaderData} />;
}
