import { data } from "react-router";
import type { Route } from "./+types/csv.route";
import { requireAdmin } from "~/features/accounts/index.server";
import type { Db } from "~/db/client.server";
import { amsterdamDayOf, parseReportPeriod, type ReportPeriod } from "./period";
import {
  couponsCsv,
  productsCsv,
  refundsCsv,
  REPORT_FILE_NAMES,
  REPORT_IDS,
  reportFileName,
  vatReturnCsv,
  type ReportId,
} from "./report-csv";
import { bestSellersReport, couponUseReport, creditNotesIn, vatReturnReport } from "./reports.server";

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * GET /admin/reports/<vat-return|refunds|coupon-use|best-sellers>.csv?from=&to= — one report of the
 * Reports tab as CSV (admins only). Private and never stored: it holds the shop's figures and the
 * names of who refunded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const file = url.pathname
    .split("/")
    .pop()!
    .replace(/\.csv$/, "");
  const report = REPORT_IDS.find((id) => REPORT_FILE_NAMES[id] === file);
  if (!report) throw data("Not found", { status: 404, headers: NO_STORE });
  const parsed = parseReportPeriod(url.searchParams, amsterdamDayOf(new Date()));
  if (!parsed.ok) throw data(parsed.error, { status: 400, headers: NO_STORE });
  let body: string;
  try {
    body = await csvOf(report, context.db, parsed.period);
  } catch (error) {
    context.logger.error({ err: error, report }, "admin report export failed");
    throw data("The report could not be exported. Try again.", { status: 500, headers: NO_STORE });
  }
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${reportFileName(report, parsed.period)}"`,
      "x-content-type-options": "nosniff",
      ...NO_STORE,
    },
  });
}

async function csvOf(report: ReportId, db: Db, period: ReportPeriod) {
  switch (report) {
    case "vat":
      return vatReturnCsv(await vatReturnReport(db, period), period);
    case "refunds":
      return refundsCsv(await creditNotesIn(db, period));
    case "coupons":
      return couponsCsv(await couponUseReport(db, period));
    case "products":
      return productsCsv((await bestSellersReport(db, period, null)).products);
  }
}
