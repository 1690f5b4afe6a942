import { data } from "react-router";
import type { Route } from "./+types/feeds.route";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { runSummary } from "./feed-run-summary";
import { FeedsPanel, type FeedScheduleSummary } from "./feeds-panel";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { getConnection } from "~/features/connections/index.server";
import { parseFeedOptions, parseInterval, parseRemotePath } from "./feed-form";
import {
  activeRun,
  createSchedule,
  deleteSchedule,
  FeedBusyError,
  listFeedRuns,
  listSchedules,
  setScheduleEnabled,
  startFeedRun,
} from "./runs.server";
import { intentAction, Refusal, refuse } from "~/shared/actions/intent-action.server";
import { textParam } from "~/shared/forms/text-input";

export function meta() {
  return [{ title: "Supplier Feeds | Admin | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** Supplier Feeds: start an import (upload, FTP, SFTP), the schedules, and the latest runs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, config } = context;
  const params = new URL(request.url).searchParams;
  // ?runs=failed (the Dashboard's link): the failed imports no later successful import settled.
  const failedOnly = params.get("runs") === "failed";
  const [runs, schedules, active, ftp, sftp] = await Promise.all([
    listFeedRuns(db, failedOnly ? 100 : 20, { failedOnly }),
    listSchedules(db),
    activeRun(db),
    getConnection(db, config, "ftp"),
    getConnection(db, config, "sftp"),
  ]);
  const problem = textParam(params.get("problem"))?.slice(0, 300) ?? null;
  return {
    runs: runs.map(runSummary),
    failedOnly,
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

const answer = (intent: string, ok: boolean, title: string, description?: string, status = ok ? 200 : 400) =>
  data<AdminActionResult>({ ok, intent, title, description }, { status });

/** The form's text fields by name (the feed parsers read a plain record). */
function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** What an import from the FTP or SFTP server needs, for a run now or a schedule. */
function remoteImport({ form, intent }: { form: FormData; intent: string }) {
  const fields = fieldsOf(form);
  const source = fields.source;
  if (source !== "ftp" && source !== "sftp") return refuse(answer(intent, false, "Choose FTP or SFTP"));
  const remotePath = parseRemotePath(fields.remotePath);
  if (!remotePath.ok) return refuse(answer(intent, false, "Check the path", remotePath.problem.message));
  const options = parseFeedOptions(fields);
  if (!options.ok) {
    return refuse(answer(intent, false, "Check the settings", `${options.problem.field}: ${options.problem.message}`));
  }
  return { fields, source, remotePath: remotePath.value, options: options.value } as const;
}

/** A schedule's id from the form. */
function scheduleId({ form, intent }: { form: FormData; intent: string }) {
  const raw = fieldsOf(form).id ?? "";
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id)
    ? id
    : refuse(answer(intent, false, "Unknown schedule", "Reload the page and try again."));
}

/** The answer to a schedule switch or delete. */
const scheduleDone = (intent: string, done: boolean, title: string) =>
  done
    ? answer(intent, true, title)
    : answer(intent, false, "Unknown schedule", "It may have been deleted already.", 404);

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    "start-remote": intent({
      parse: remoteImport,
      run: async ({ source, remotePath, options }, { context, actor, viewer, intent: name }) => {
        try {
          const run = await startFeedRun(context.db, actor, { ...options, source, fileName: remotePath });
          context.logger.info({ runId: run.id, source, by: viewer.id }, "supplier feed import started");
          return answer(
            name,
            true,
            `Import #${run.id} started`,
            `${remotePath} from the ${source.toUpperCase()} server.`,
          );
        } catch (error) {
          if (error instanceof FeedBusyError) return answer(name, false, "An import is running", error.message, 409);
          throw error;
        }
      },
    }),
    "create-schedule": intent({
      parse: (ctx) => {
        const remote = remoteImport(ctx);
        if (remote instanceof Refusal) return remote;
        const interval = parseInterval(remote.fields.intervalMinutes);
        if (!interval.ok) return refuse(answer(ctx.intent, false, "Check the interval", interval.problem.message));
        return { ...remote, intervalMinutes: interval.value, runNow: remote.fields.runNow === "on" };
      },
      run: async ({ source, remotePath, options, intervalMinutes, runNow }, { context, actor, intent: name }) => {
        const { schedule, runId } = await createSchedule(
          context.db,
          actor,
          {
            kind: options.kind,
            source,
            remotePath,
            intervalMinutes,
            fullFeed: options.fullFeed,
            format: options.format,
          },
          runNow,
        );
        return answer(
          name,
          true,
          "Schedule saved",
          `${remotePath} every ${schedule.intervalMinutes} minutes.${runId ? ` Import #${runId} started.` : ""}`,
        );
      },
    }),
    "enable-schedule": intent({
      parse: scheduleId,
      run: async (id, { context, actor, intent: name }) =>
        scheduleDone(name, await setScheduleEnabled(context.db, actor, id, true), "Schedule on"),
    }),
    "disable-schedule": intent({
      parse: scheduleId,
      run: async (id, { context, actor, intent: name }) =>
        scheduleDone(name, await setScheduleEnabled(context.db, actor, id, false), "Schedule paused"),
    }),
    "delete-schedule": intent({
      parse: scheduleId,
      run: async (id, { context, actor, intent: name }) =>
        scheduleDone(name, await deleteSchedule(context.db, actor, id), "Schedule deleted"),
    }),
  }),
  // The answer names the intent as posted, as it always did.
  unknown: ({ form }) => answer(fieldsOf(form).intent ?? "", false, "Unknown action", "Reload the page and try again."),
});

export default function AdminFeeds({ loaderData, actionData }: Route.ComponentProps) {
  return <FeedsPanel {...loaderData} result={actionData} />;
}
