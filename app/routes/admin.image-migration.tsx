import { data } from "react-router";
import type { Route } from "./+types/admin.image-migration";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { errorText } from "~/components/admin/error-text";
import { ImageMigrationPanel, type MigrationTab } from "~/components/admin/image-migration-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import {
  BATCH_SIZE_MAX,
  BATCH_SIZE_MIN,
  ImageMigrationBusyError,
  ImageMigrationDoneError,
  imageMigrationState,
  imageStatistics,
  resetImageMigration,
  startImageMigrationBatch,
} from "~/domain/image-migration/migration.server";
import { storageFor } from "~/domain/storage/storage.server";
import { readForm } from "~/lib/form.server";

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
  const statistics = tab === "statistics" ? await imageStatistics(context.db, storageFor(context.config)) : null;
  return { tab, state, statistics };
}

const unknown = () =>
  data<AdminActionResult>(
    { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
    { status: 400 },
  );

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const actor = { id: viewer.id, email: viewer.email };
  if (intent === "migrate") {
    const raw = String(form.get("batchSize") ?? "").trim();
    const batchSize = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!(batchSize >= BATCH_SIZE_MIN && batchSize <= BATCH_SIZE_MAX)) {
      return data<AdminActionResult>(
        {
          ok: false,
          intent,
          title: "Invalid batch size",
          description: `Enter a whole number from ${BATCH_SIZE_MIN} to ${BATCH_SIZE_MAX}.`,
        },
        { status: 400 },
      );
    }
    try {
      const { batchId, startArtNo } = await startImageMigrationBatch(context.db, actor, { batchSize });
      context.logger.info({ batchId, batchSize, startArtNo, by: viewer.id }, "image migration batch started");
      return data<AdminActionResult>({
        ok: true,
        intent,
        title: "Migration batch started",
        description:
          startArtNo == null
            ? `Up to ${batchSize} products from the first one.`
            : `Up to ${batchSize} products after ArtNo ${startArtNo}.`,
      });
    } catch (error) {
      if (error instanceof ImageMigrationBusyError) {
        return data<AdminActionResult>(
          { ok: false, intent, title: "Migration busy", description: error.message },
          { status: 409 },
        );
      }
      if (error instanceof ImageMigrationDoneError) {
        return data<AdminActionResult>(
          { ok: false, intent, title: "Nothing left to migrate", description: error.message },
          { status: 409 },
        );
      }
      context.logger.error({ err: error }, "image migration start failed");
      return data<AdminActionResult>(
        { ok: false, intent, title: "Failed to start the migration", description: errorText(error) },
        { status: 500 },
      );
    }
  }
  if (intent === "reset") {
    try {
      const cleared = await resetImageMigration(context.db, actor);
      context.logger.info({ ...cleared, by: viewer.id }, "image migration reset");
      return data<AdminActionResult>({
        ok: true,
        intent,
        title: "Migration results cleared",
        description: "The next batch starts from the first product again.",
      });
    } catch (error) {
      if (error instanceof ImageMigrationBusyError) {
        return data<AdminActionResult>(
          { ok: false, intent, title: "Migration busy", description: error.message },
          { status: 409 },
        );
      }
      context.logger.error({ err: error }, "image migration reset failed");
      return data<AdminActionResult>(
        { ok: false, intent, title: "Failed to reset the migration", description: errorText(error) },
        { status: 500 },
      );
    }
  }
  return unknown();
}

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
