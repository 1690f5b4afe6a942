import { data } from "react-router";
import type { Route } from "./+types/admin.feeds";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { adminMoment } from "~/components/admin/admin-format";
import { runSummary } from "~/components/admin/feed-run-summary";
import { FeedsPanel, type FeedScheduleSummary } from "~/components/admin/feeds-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { getConnection } from "~/domain/connections/connections.server";
import { parseFeedOptions, parseInterval, parseRemotePath } from "~/domain/supplier-feed/feed-form";
import {
  activeRun,
  createSchedule,
  deleteSchedule,
  FeedBusyError,
  listFeedRuns,
  listSchedules,
  setScheduleEnabled,
  startFeedRun,
} from "~/domain/supplier-feed/runs.server";
import { readForm } from "~/lib/form.server";
import { textParam } from "~/lib/text-input";

export function meta() {
  return [{ title: "Supplier Feeds | Admin | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** Supplier Feeds: start an import (upload, FTP, SFTP), the schedules, and the latest runs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, config } = context;
  const [runs, schedules, active, ftp, sftp] = await Promise.all([
    listFeedRuns(db, 20),
    listSchedules(db),
    activeRun(db),
    getConnection(db, config, "ftp"),
    getConnection(db, config, "sftp"),
  ]);
  const problem = textParam(new URL(request.url).searchParams.get("problem"))?.slice(0, 300) ?? null;
  return {
    runs: runs.map(runSummary),
    activeRunId: active?.id ?? null,
    schedules: schedules.map((s): FeedScheduleSummary => ({
      id: s.id,
      kind: s.kind,
      source: s.source,
      remotePath: s.remotePath,
      intervalMinutes: s.intervalMinutes,
      fullFeed: s.fullFeed,
      enabled: s.enabled,
      nextRunAt: adminMoment(s.nextRunAt),
      lastRunId: s.lastRunId,
    })),
    servers: { ftp: ftp.host ? `${ftp.host}:${ftp.port}` : null, sftp: sftp.host ? `${sftp.host}:${sftp.port}` : null },
    problem,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const actor = { id: viewer.id, email: viewer.email };
  const form = await readForm(request);
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const intent = fields.intent ?? "";
  const answer = (ok: boolean, title: string, description?: string, status = ok ? 200 : 400) =>
    data<AdminActionResult>({ ok, intent, title, description }, { status });

  if (intent === "start-remote" || intent === "create-schedule") {
    const source = fields.source;
    if (source !== "ftp" && source !== "sftp") return answer(false, "Choose FTP or SFTP");
    const remotePath = parseRemotePath(fields.remotePath);
    if (!remotePath.ok) return answer(false, "Check the path", remotePath.problem.message);
    const options = parseFeedOptions(fields);
    if (!options.ok) return answer(false, "Check the settings", `${options.problem.field}: ${options.problem.message}`);
    if (intent === "start-remote") {
      try {
        const run = await startFeedRun(context.db, actor, { ...options.value, source, fileName: remotePath.value });
        context.logger.info({ runId: run.id, source, by: viewer.id }, "supplier feed import started");
        return answer(
          true,
          `Import #${run.id} started`,
          `${remotePath.value} from the ${source.toUpperCase()} server.`,
        );
      } catch (error) {
        if (error instanceof FeedBusyError) return answer(false, "An import is running", error.message, 409);
        throw error;
      }
    }
    const interval = parseInterval(fields.intervalMinutes);
    if (!interval.ok) return answer(false, "Check the interval", interval.problem.message);
    const { schedule, runId } = await createSchedule(
      context.db,
      actor,
      {
        kind: options.value.kind,
        source,
        remotePath: remotePath.value,
        intervalMinutes: interval.value,
        fullFeed: options.value.fullFeed,
        format: options.value.format,
      },
      fields.runNow === "on",
    );
    return answer(
      true,
      "Schedule saved",
      `${remotePath.value} every ${schedule.intervalMinutes} minutes.${runId ? ` Import #${runId} started.` : ""}`,
    );
  }
  if (intent === "enable-schedule" || intent === "disable-schedule" || intent === "delete-schedule") {
    const id = /^\d{1,12}$/.test(fields.id ?? "") ? Number(fields.id) : NaN;
    if (!Number.isSafeInteger(id)) return answer(false, "Unknown schedule", "Reload the page and try again.");
    const done =
      intent === "delete-schedule"
        ? await deleteSchedule(context.db, actor, id)
        : await setScheduleEnabled(context.db, actor, id, intent === "enable-schedule");
    if (!done) return answer(false, "Unknown schedule", "It may have been deleted already.", 404);
    const titles = {
      "enable-schedule": "Schedule on",
      "disable-schedule": "Schedule paused",
      "delete-schedule": "Schedule deleted",
    };
    return answer(true, titles[intent]);
  }
  return answer(false, "Unknown action", "Reload the page and try again.");
}

export default function AdminFeeds({ loaderData, actionData }: Route.ComponentProps) {
  return <FeedsPanel {...loaderData} result={actionData} />;
}
