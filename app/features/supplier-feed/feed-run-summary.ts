import { adminMoment } from "~/shared/admin-ui/admin-format";
import type { FeedRunSummary } from "./feeds-panel";

/** A run as the feed pages show it: the report row without server paths, moments as text. */
export function runSummary(
  run: Omit<FeedRunSummary, "createdAt" | "scheduled"> & { createdAt: Date; scheduleId: number | null },
): FeedRunSummary {
  return {
    id: run.id,
    kind: run.kind,
    source: run.source,
    fileName: run.fileName,
    status: run.status,
    dryRun: run.dryRun,
    fullFeed: run.fullFeed,
    scheduled: run.scheduleId !== null,
    rowsRead: run.rowsRead,
    created: run.created,
    changed: run.changed,
    unchanged: run.unchanged,
    rejected: run.rejected,
    deactivated: run.deactivated,
    error: run.error,
    createdAt: adminMoment(run.createdAt),
  };
}
