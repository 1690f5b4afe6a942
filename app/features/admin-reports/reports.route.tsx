import { data } from "react-router";
import type { Route } from "./+types/reports.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { requireAdmin } from "~/features/accounts/index.server";
import { amsterdamDayOf, parseReportPeriod, periodPresets, presetOf } from "./period";
import { REPORT_IDS, type ReportId } from "./report-csv";
import { BEST_SELLERS_ON_SCREEN, REPORTS_LOAD_ERROR, ReportsPanel, type ReportData } from "./reports-panel";
import { bestSellersReport, couponUseReport, creditNotesIn, vatReturnReport } from "./reports.server";
import type { Db } from "~/db/client.server";
import type { ReportPeriod } from "./period";

export function meta() {
  return [{ title: "Reports | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** The Reports tab (issue 29, item 4): /admin/reports?report=<id>&from=&to=. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const today = amsterdamDayOf(new Date());
  const report = REPORT_IDS.find((id) => id === url.searchParams.get("report")) ?? "vat";
  const parsed = parseReportPeriod(url.searchParams, today);
  const frame = {
    report,
    period: parsed.period,
    presets: periodPresets(today),
    preset: presetOf(parsed.period, today),
  };
  if (!parsed.ok) return data({ ...frame, data: null, error: parsed.error }, { status: 400 });
  try {
    return { ...frame, data: await loadReport(context.db, report, parsed.period), error: null };
  } catch (error) {
    context.logger.error({ err: error, report }, "admin report failed");
    return data({ ...frame, data: null, error: REPORTS_LOAD_ERROR }, { status: 500 });
  }
}

async function loadReport(db: Db, report: ReportId, period: ReportPeriod): Promise<ReportData> {
  switch (report) {
    case "vat":
      return { report, vat: await vatReturnReport(db, period) };
    case "refunds":
      return {
        report,
        refunds: (await creditNotesIn(db, period)).map((r) => ({
          number: r.number,
          issuedAt: adminMoment(r.issuedAt),
          orderId: r.orderId,
          amountCents: r.amountCents,
          vatCents: r.vatCents,
          reason: r.reason,
          createdByEmail: r.createdByEmail,
        })),
      };
    case "coupons":
      return { report, coupons: await couponUseReport(db, period) };
    case "products": {
      const { products, total } = await bestSellersReport(db, period, BEST_SELLERS_ON_SCREEN);
      return { report, products, total };
    }
  }
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return <ReportsPanel {...loaderData} />;
}
