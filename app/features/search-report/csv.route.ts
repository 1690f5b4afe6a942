import { data } from "react-router";
import type { Route } from "./+types/csv.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { textParam } from "~/shared/forms/text-input";
import { searchReportCsv, searchReportFileName } from "./report-csv";
import { reportWeekOf } from "./report-week";
import { weekReport } from "./report.server";

const NO_STORE = { "cache-control": "private, no-store" };

/** GET /admin/search/report.csv?week=2026-W48 — one week's searches as CSV (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const param = new URL(request.url).searchParams.get("week");
  const start = reportWeekOf(textParam(param) ?? "", new Date());
  if (start === null) throw data("Choose one of the last 52 weeks.", { status: 400, headers: NO_STORE });
  let body: string;
  try {
    body = searchReportCsv(start, (await weekReport(context.db, start, null)).top);
  } catch (error) {
    context.logger.error({ err: error }, "admin search report export failed");
    throw data("The search report could not be exported. Try again.", { status: 500, headers: NO_STORE });
  }
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${searchReportFileName(start)}"`,
      "x-content-type-options": "nosniff",
      ...NO_STORE,
    },
  });
}
