import { data, Link } from "react-router";
import type { Route } from "./+types/run.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { runSummary } from "./feed-run-summary";
import { FeedReportView } from "./feed-report";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { getFeedReport, MAX_KEPT_REJECTIONS } from "./runs.server";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { confirmHeldDeactivation } from "./deactivation.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";

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
      deactivationHold: run.deactivationHold && {
        ...run.deactivationHold,
        confirmedAt: run.deactivationHold.confirmedAt
          ? adminMoment(new Date(run.deactivationHold.confirmedAt)).text
          : undefined,
      },
    },
    rejections: report.rejections,
    rejectionPage: report.rejectionPage,
    keptRejections: MAX_KEPT_REJECTIONS,
  };
}

/** The admin confirms a full feed's held deactivation (deactivation.server.ts); nothing else confirms it. */
const answer = (intent: string, ok: boolean, title: string, description?: string, status = ok ? 200 : 400) =>
  data<AdminActionResult>({ ok, intent, title, description }, { status });

export const action = intentAction<{ runId: string }>()({
  guard: adminGuard,
  intents: (intent) => ({
    "confirm-deactivation": intent({
      parse: ({ params, intent: name }) => {
        const runId = /^\d{1,12}$/.test(params.runId) ? Number(params.runId) : NaN;
        return Number.isSafeInteger(runId) ? runId : refuse(answer(name, false, "Import not found", undefined, 404));
      },
      run: async (runId, { context, actor, viewer, intent: name }) => {
        const result = await confirmHeldDeactivation(context.db, actor, runId);
        if (!result.ok) return answer(name, false, "Nothing was set inactive", result.message, 409);
        context.logger.info(
          { runId, deactivated: result.deactivated, by: viewer.id },
          "held feed deactivation confirmed",
        );
        return answer(name, true, `${result.deactivated.toLocaleString("nl-NL")} products set inactive`);
      },
    }),
  }),
  // The answer names the intent as posted, as it always did.
  unknown: ({ form }) =>
    answer(String(form.get("intent") ?? ""), false, "Unknown action", "Reload the page and try again."),
});

export default function AdminFeedRun({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <Link to="/admin/feeds" className="text-sm font-medium text-brand-800 underline">
        ← Supplier Feeds
      </Link>
      <ActionMessage result={actionData} />
      <FeedReportView {...loaderData} />
    </div>
  );
}
