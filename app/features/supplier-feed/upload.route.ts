import { data, redirect } from "react-router";
import type { Route } from "./+types/upload.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { parseFeedOptions } from "./feed-form";
import { activeRun, FeedBusyError, startFeedRun } from "./runs.server";
import { receiveFeedUpload } from "./upload.http.server";
import { storageFor } from "~/shared/storage/index.server";

/**
 * POST /admin/feeds/upload: a supplier feed file (multipart: the settings, then "file"), streamed into
 * the shop's store and queued as an import (which any instance may claim). Answers with a redirect: to the run's report, or back to the feeds
 * page with the problem (a plain form, so it works without JavaScript).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const back = (problem: string, status: number) =>
    redirect(`/admin/feeds?problem=${encodeURIComponent(problem)}`, {
      status: 303,
      headers: { "X-Feed-Status": String(status) },
    });
  const busy = await activeRun(context.db);
  if (busy) return back(new FeedBusyError(busy.id).message, 409);

  const feeds = storageFor(context.config, "feeds");
  const upload = await receiveFeedUpload(request, feeds, context.config.feedMaxBytes);
  if (!upload.ok) {
    if (upload.status === 413) return new Response(upload.message, { status: 413, headers: { Connection: "close" } });
    return back(upload.message, upload.status);
  }
  const discard = () => feeds.delete(upload.key);
  const options = parseFeedOptions(upload.fields);
  if (!options.ok) {
    await discard();
    return back(options.problem.message, 400);
  }
  try {
    const run = await startFeedRun(
      context.db,
      { id: viewer.id, email: viewer.email },
      {
        ...options.value,
        source: "upload",
        fileName: upload.fileName,
        storedPath: upload.key,
        fileBytes: upload.bytes,
      },
    );
    context.logger.info(
      { runId: run.id, bytes: upload.bytes, kind: run.kind, by: viewer.id },
      "supplier feed uploaded",
    );
    return redirect(`/admin/feeds/runs/${run.id}`, { status: 303 });
  } catch (error) {
    await discard();
    if (error instanceof FeedBusyError) return back(error.message, 409);
    throw error;
  }
}

/** Nothing to show here; the guard still comes first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data("Method not allowed", { status: 405 });
}
