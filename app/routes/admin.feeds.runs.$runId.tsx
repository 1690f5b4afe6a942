import { data, Link } from "react-router";
import type { Route } from "./+types/admin.feeds.runs.$runId";
import { adminMoment } from "~/components/admin/admin-format";
import { runSummary } from "~/components/admin/feed-run-summary";
import { FeedReportView } from "~/components/admin/feed-report";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { getFeedReport, MAX_KEPT_REJECTIONS } from "~/domain/supplier-feed/runs.server";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Import #${params.runId} | Supplier Feeds | Trapkracht` }, { name: "robots", content: "noindex" }];
}

/** One import's report: counts, the rejected rows with line and reason (100 a page), progress while it runs. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const runId = /^\d{1,12}$/.test(params.runId) ? Number(params.runId) : NaN;
  const pageParam = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 1;
  const report = Number.isSafeInteger(runId) ? await getFeedReport(context.db, runId, page) : null;
  if (!report) throw data("Import not found", { status: 404 });
  const { run } = report;
  return {
    run: {
      ...runSummary(run),
      fileBytes: run.fileBytes,
      attempts: run.attempts,
      progressLine: run.progressLine,
      startedAt: run.startedAt ? adminMoment(run.startedAt, { seconds: true }) : null,
      finishedAt: run.finishedAt ? adminMoment(run.finishedAt, { seconds: true }) : null,
    },
    rejections: report.rejections,
    rejectionPage: report.rejectionPage,
    keptRejections: MAX_KEPT_REJECTIONS,
  };
}

export default function AdminFeedRun({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <Link to="/admin/feeds" className="text-sm font-medium text-brand-800 underline">
        ← Supplier Feeds
      </Link>
      <FeedReportView {...loaderData} />
    </div>
  );
}
