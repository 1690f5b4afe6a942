import { data } from "react-router";
import type { Route } from "./+types/image-migration.route";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { errorText } from "~/shared/errors/error-text";
import { ImageMigrationPanel, type MigrationTab } from "./image-migration-panel";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import {
  BATCH_SIZE_MAX,
  BATCH_SIZE_MIN,
  ImageMigrationBusyError,
  ImageMigrationDoneError,
  imageMigrationState,
  imageStatistics,
  resetImageMigration,
  startImageMigrationBatch,
} from "./migration.server";
import { storageFor } from "~/shared/storage/index.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";

export function meta() {
  return [{ title: "Image Migration Tool | Admin | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/**
 * The image migration tool (spec 1 §2.15): Statistics (a sample of 1000 products) and the Migration
 * Tool (batches run as background jobs; the page polls while one runs).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const tab: MigrationTab = new URL(request.url).searchParams.get("tab") === "statistics" ? "statistics" : "tool";
  const state = await imageMigrationState(context.db);
  const statistics =
    tab === "statistics" ? await imageStatistics(context.db, storageFor(context.config, "images")) : null;
  return { tab, state, statistics };
}

const unknown = () =>
  data<AdminActionResult>(
    { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
    { status: 400 },
  );

const answer = (result: AdminActionResult, status = 200) => data<AdminActionResult>(result, { status });

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    migrate: intent({
      toasts: { failed: "Failed to start the migration" },
      parse: ({ form, intent: name }) => {
        const raw = String(form.get("batchSize") ?? "").trim();
        const batchSize = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
        if (batchSize >= BATCH_SIZE_MIN && batchSize <= BATCH_SIZE_MAX) return batchSize;
        return refuse(
          answer(
            {
              ok: false,
              intent: name,
              title: "Invalid batch size",
              description: `Enter a whole number from ${BATCH_SIZE_MIN} to ${BATCH_SIZE_MAX}.`,
            },
            400,
          ),
        );
      },
      run: async (batchSize, { context, actor, viewer, intent: name }) => {
        const { batchId, startArtNo } = await startImageMigrationBatch(context.db, actor, { batchSize });
        context.logger.info({ batchId, batchSize, startArtNo, by: viewer.id }, "image migration batch started");
        return answer({
          ok: true,
          intent: name,
          title: "Migration batch started",
          description:
            startArtNo == null
              ? `Up to ${batchSize} products from the first one.`
              : `Up to ${batchSize} products after ArtNo ${startArtNo}.`,
        });
      },
    }),
    reset: intent({
      toasts: { failed: "Failed to reset the migration" },
      run: async (_input, { context, actor, viewer, intent: name }) => {
        const cleared = await resetImageMigration(context.db, actor);
        context.logger.info({ ...cleared, by: viewer.id }, "image migration reset");
        return answer({
          ok: true,
          intent: name,
          title: "Migration results cleared",
          description: "The next batch starts from the first product again.",
        });
      },
    }),
  }),
  unknown,
  // A running batch, or nothing left to do: the admin's answer, not a fault.
  expected: (error, { intent }) => {
    if (error instanceof ImageMigrationBusyError) {
      return answer({ ok: false, intent, title: "Migration busy", description: error.message }, 409);
    }
    if (error instanceof ImageMigrationDoneError) {
      return answer({ ok: false, intent, title: "Nothing left to migrate", description: error.message }, 409);
    }
    return undefined;
  },
  logMessage: "image migration action failed",
  failed: (error, { intent, toasts }) =>
    answer({ ok: false, intent, title: toasts.failed, description: errorText(error) }, 500),
});

export default function AdminImageMigration({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ImageMigrationPanel
      tab={loaderData.tab}
      state={loaderData.state}
      statistics={loaderData.statistics}
      result={actionData}
    />
  );
}
