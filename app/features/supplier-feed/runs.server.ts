import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import {
  supplierFeedRejections,
  supplierFeedRuns,
  supplierFeedSchedules,
  type FeedFormat,
  type FeedKind,
  type FeedSource,
} from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { enqueueJob } from "~/shared/jobs/queue.server";

export const FEED_QUEUE = "supplier-feed";
export const FEED_SCHEDULE_QUEUE = "supplier-feed-schedule";

declare module "~/shared/jobs/queue.server" {
  interface JobPayloads {
    "supplier-feed": { runId: number };
    "supplier-feed-schedule": Record<string, never>;
  }
}
/** Rejected rows kept per run (the counts cover all of them). */
export const MAX_KEPT_REJECTIONS = 1000;

export type FeedRunRow = typeof supplierFeedRuns.$inferSelect;
export type FeedScheduleRow = typeof supplierFeedSchedules.$inferSelect;

/** Another import is queued or running: one at a time (the unique index supplier_feed_runs_one_active). */
export class FeedBusyError extends Error {
  override name = "FeedBusyError";
  constructor(readonly activeRunId: number | null) {
    super(
      activeRunId
        ? `Import #${activeRunId} is still running; start the next one when it has finished.`
        : "An import is still running; start the next one when it has finished.",
    );
  }
}

export type NewRun = {
  kind: FeedKind;
  source: FeedSource;
  fileName: string;
  /** The file's key in the store's "feeds" area, for an upload already stored; remote runs fetch it in the job. */
  storedPath?: string | null;
  fileBytes?: number | null;
  format?: FeedFormat;
  dryRun?: boolean;
  fullFeed?: boolean;
  scheduleId?: number | null;
};

export async function activeRun(db: DbExecutor): Promise<FeedRunRow | null> {
  const [row] = await db
    .select()
    .from(supplierFeedRuns)
    .where(inArray(supplierFeedRuns.status, ["queued", "running"]))
    .limit(1);
  return row ?? null;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === "23505") return true;
  return false;
};

/**
 * Queues an import: the run row (the report to be) and its job, in one transaction. Refused with
 * FeedBusyError while another run is queued or running, whoever started it.
 */
export async function startFeedRun(db: Db, actor: AdminActor | null, run: NewRun): Promise<FeedRunRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supplierFeedRuns)
        .values({
          kind: run.kind,
          source: run.source,
          fileName: run.fileName,
          storedPath: run.storedPath ?? null,
          fileBytes: run.fileBytes ?? null,
          format: run.format ?? {},
          dryRun: run.dryRun ?? false,
          fullFeed: run.kind === "products" && (run.fullFeed ?? false),
          scheduleId: run.scheduleId ?? null,
          requestedBy: actor?.id ?? null,
        })
        .returning();
      await enqueueJob(
        tx,
        FEED_QUEUE,
        { runId: row!.id },
        { singletonKey: `supplier-feed-run-${row!.id}`, maxAttempts: 5 },
      );
      if (actor)
        await recordAdminChange(tx, actor, {
          entityType: "supplier_feed_run",
          entityId: String(row!.id),
          action: run.dryRun ? "dry-run" : "import",
          before: null,
          after: { kind: run.kind, source: run.source, fileName: run.fileName, fullFeed: row!.fullFeed },
        });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FeedBusyError((await activeRun(db))?.id ?? null);
    throw error;
  }
}

/**
 * A failed import that still needs the admin (the Dashboard's to-do, issue 29): a real run (not a
 * dry run) that failed, with no later real run of the same kind that succeeded. A failed dry run is
 * the admin's own check, seen when it ran; a later successful import of the same feed settles it.
 */
export const unresolvedFailedRun = sql`${supplierFeedRuns.status} = 'failed' and not ${supplierFeedRuns.dryRun}
  and not exists (select 1 from supplier_feed_runs later
    where later.kind = ${supplierFeedRuns.kind} and later.status = 'succeeded' and not later.dry_run
      and (later.created_at, later.id) > (${supplierFeedRuns.createdAt}, ${supplierFeedRuns.id}))`;

/** The latest runs, newest first; `failedOnly`: only the unresolved failed ones (unresolvedFailedRun). */
export async function listFeedRuns(
  db: DbExecutor,
  limit = 20,
  { failedOnly = false }: { failedOnly?: boolean } = {},
): Promise<FeedRunRow[]> {
  return db
    .select()
    .from(supplierFeedRuns)
    .where(failedOnly ? unresolvedFailedRun : undefined)
    .orderBy(desc(supplierFeedRuns.createdAt), desc(supplierFeedRuns.id))
    .limit(limit);
}

export type FeedReport = {
  run: FeedRunRow;
  rejections: { line: number; artNo: string | null; reason: string }[];
  rejectionPage: { page: number; pages: number; perPage: number };
};

export const REJECTIONS_PER_PAGE = 100;

export async function getFeedReport(db: DbExecutor, runId: number, page = 1): Promise<FeedReport | null> {
  const [run] = await db.select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, runId)).limit(1);
  if (!run) return null;
  const kept = Math.min(run.rejected, MAX_KEPT_REJECTIONS);
  const pages = Math.max(1, Math.ceil(kept / REJECTIONS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rejections = await db
    .select({
      line: supplierFeedRejections.line,
      artNo: supplierFeedRejections.artNo,
      reason: supplierFeedRejections.reason,
    })
    .from(supplierFeedRejections)
    .where(eq(supplierFeedRejections.runId, runId))
    .orderBy(supplierFeedRejections.line)
    .limit(REJECTIONS_PER_PAGE)
    .offset((current - 1) * REJECTIONS_PER_PAGE);
  return { run, rejections, rejectionPage: { page: current, pages, perPage: REJECTIONS_PER_PAGE } };
}

// ——— schedules ———

export type ScheduleInput = {
  kind: FeedKind;
  source: "ftp" | "sftp";
  remotePath: string;
  intervalMinutes: number;
  fullFeed: boolean;
  format: FeedFormat;
};

export async function listSchedules(db: DbExecutor): Promise<FeedScheduleRow[]> {
  return db.select().from(supplierFeedSchedules).orderBy(supplierFeedSchedules.id);
}

/**
 * A new schedule runs first one interval from now; with `runNow` its first import starts at once
 * (or, while another import runs, as soon as the scheduler finds the shop free).
 */
export async function createSchedule(db: Db, actor: AdminActor, input: ScheduleInput, runNow = false) {
  const schedule = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supplierFeedSchedules)
      .values({
        ...input,
        fullFeed: input.kind === "products" && input.fullFeed,
        nextRunAt: runNow ? sql`now()` : sql`now() + ${input.intervalMinutes}::integer * interval '1 minute'`,
      })
      .returning();
    await recordAdminChange(tx, actor, {
      entityType: "supplier_feed_schedule",
      entityId: String(row!.id),
      action: "create",
      before: null,
      after: { ...input },
    });
    return row!;
  });
  if (!runNow) return { schedule, runId: null };
  const [started] = await startDueSchedules(db, schedule.id);
  return { schedule, runId: started ?? null };
}

export async function setScheduleEnabled(db: Db, actor: AdminActor, id: number, enabled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(supplierFeedSchedules)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(supplierFeedSchedules.id, id))
      .returning({ id: supplierFeedSchedules.id });
    if (!row) return false;
    await recordAdminChange(tx, actor, {
      entityType: "supplier_feed_schedule",
      entityId: String(id),
      action: enabled ? "enable" : "disable",
      before: { enabled: !enabled },
      after: { enabled },
    });
    return true;
  });
}

export async function deleteSchedule(db: Db, actor: AdminActor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(supplierFeedSchedules).where(eq(supplierFeedSchedules.id, id)).returning();
    if (!row) return false;
    await recordAdminChange(tx, actor, {
      entityType: "supplier_feed_schedule",
      entityId: String(id),
      action: "delete",
      before: { kind: row.kind, source: row.source, remotePath: row.remotePath, intervalMinutes: row.intervalMinutes },
      after: null,
    });
    return true;
  });
}

/**
 * The scheduler (a recurring job, every minute on one instance): each due schedule starts its
 * import, unless one is already going (then it waits for its next interval, the running one is
 * what the admin sees). Returns the runs started.
 */
export async function startDueSchedules(db: Db, onlyId?: number): Promise<number[]> {
  const due = await db
    .select()
    .from(supplierFeedSchedules)
    .where(
      and(
        eq(supplierFeedSchedules.enabled, true),
        lte(supplierFeedSchedules.nextRunAt, sql`now()`),
        onlyId === undefined ? undefined : eq(supplierFeedSchedules.id, onlyId),
      ),
    );
  const started: number[] = [];
  for (const schedule of due) {
    let runId: number | null = null;
    try {
      const run = await startFeedRun(db, null, {
        kind: schedule.kind,
        source: schedule.source,
        fileName: schedule.remotePath,
        format: schedule.format,
        fullFeed: schedule.fullFeed,
        scheduleId: schedule.id,
      });
      runId = run.id;
      started.push(run.id);
    } catch (error) {
      if (!(error instanceof FeedBusyError)) throw error;
      // Busy: the schedule stays due and starts when the running import has finished.
      continue;
    }
    await db
      .update(supplierFeedSchedules)
      .set({
        nextRunAt: sql`now() + ${schedule.intervalMinutes}::integer * interval '1 minute'`,
        ...(runId ? { lastRunId: runId } : {}),
      })
      .where(eq(supplierFeedSchedules.id, schedule.id));
  }
  return started;
}
