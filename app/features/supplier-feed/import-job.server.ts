import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import {
  productCategories,
  supplierFeedRejections,
  supplierFeedRuns,
  supplierFeedSeen,
  type DeactivationHold,
} from "~/db/schema";
import { rebuildFilterValueCache } from "~/features/catalogue/index.server";
import { getConnection } from "~/features/connections/index.server";
import { feedBatchFailure, feedRunFailure, FeedRetryError } from "./batch-errors.server";
import { deactivateMissingProducts, supersedeHeldDeactivations } from "./deactivation.server";
import { PermanentJobError, renewJobLease, type JobContext, type QueueDefinitions } from "~/shared/jobs/worker.server";
import type { Logger } from "~/shared/logging/logger.server";
import { storageFor, withLocalFile, type Storage } from "~/shared/storage/index.server";
import { applyProductBatch, applyStockBatch, type BatchResult } from "./apply.server";
import { parseArtNo } from "./fields";
import { readFeed, FeedFileError, type FeedRow } from "./reader.server";
import { fetchFeedFile, FeedFetchError } from "./remote.server";
import {
  FEED_QUEUE,
  FEED_SCHEDULE_QUEUE,
  MAX_KEPT_REJECTIONS,
  startDueSchedules,
  type FeedRunRow,
} from "./runs.server";

/** Rows per transaction: big enough for few round trips, small enough to hold locks only briefly. */
export const FEED_BATCH_ROWS = 1000;
/**
 * A stock row is three small columns (a product row carries HTML and a dozen fields): five times
 * as many per transaction still hold their row locks for a fraction of a second, and a million-row
 * stock feed pays the per-batch work (statements, triggers, commit, lease) 200 times instead of 1 000.
 */
export const STOCK_FEED_BATCH_ROWS = 5000;
const batchRows = (kind: FeedRunRow["kind"]) => (kind === "stock" ? STOCK_FEED_BATCH_ROWS : FEED_BATCH_ROWS);
/**
 * A live import renews its job's lease every few seconds (the worker's heartbeat) and after every
 * batch; an import whose process died is taken over once the lease has run out: within half a
 * minute with the 1 s poll (issue 27; ADR 0010, 2026-11-27).
 */
const LEASE_MS = 20_000;
const HEARTBEAT_MS = 5_000;

export type ImportDeps = { db: Db; config: Config; logger: Logger };

const finished = (run: FeedRunRow) => run.status === "succeeded" || run.status === "failed";

async function loadRun(db: DbExecutor, runId: number): Promise<FeedRunRow | null> {
  const [run] = await db.select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, runId)).limit(1);
  return run ?? null;
}

async function failRun(db: DbExecutor, runId: number, error: string): Promise<void> {
  await db
    .update(supplierFeedRuns)
    .set({ status: "failed", error, finishedAt: sql`now()` })
    .where(eq(supplierFeedRuns.id, runId));
  await db.delete(supplierFeedSeen).where(eq(supplierFeedSeen.runId, runId));
}

/**
 * Runs (or goes on with) one import: fetch the file when it is remote, read it once to be sure the
 * whole file can be read (a broken file fails before anything changes), then apply it batch by
 * batch, each batch committed with the report's counters and `progress_line`. Interrupted (a crash,
 * a shutdown), the queue runs it again and it goes on after the last committed batch.
 */
export type ImportOptions = {
  /** The queue's job running this import: its lease is renewed after each batch. */
  job?: JobContext["job"];
  /** Stop after the batch being applied (the worker is shutting down); the queue goes on later. */
  signal?: AbortSignal;
  /** After each committed batch, with the last line it applied. */
  onBatch?: (progressLine: number) => void;
};

export async function runFeedImport(deps: ImportDeps, runId: number, options: ImportOptions = {}) {
  const { db, logger } = deps;
  const log = logger.child({ feedRun: runId });
  let run = await loadRun(db, runId);
  if (!run || finished(run)) return;
  await db
    .update(supplierFeedRuns)
    .set({
      status: "running",
      attempts: sql`${supplierFeedRuns.attempts} + 1`,
      startedAt: sql`coalesce(${supplierFeedRuns.startedAt}, now())`,
      error: run.progressLine > 0 ? `Interrupted after line ${run.progressLine}; went on from there` : null,
    })
    .where(eq(supplierFeedRuns.id, runId));
  run = (await loadRun(db, runId))!;

  const feeds = storageFor(deps.config, "feeds");
  const key = await ensureFile(deps, feeds, run);
  // A remote store's file is read from a scratch copy on this machine (the reader opens it more
  // than once); the stored object stays until the run has finished, for whichever instance resumes it.
  const read = await withLocalFile(feeds, key, (filePath) =>
    importFile(deps, run!, filePath, options, () => feeds.delete(key)),
  );
  if (!read) {
    const message = "The feed file is gone from the shop's file store (was it cleaned?); upload it again";
    await failRun(db, runId, message);
    throw new PermanentJobError(message);
  }
  await feeds.delete(key);
  const done = await loadRun(db, runId);
  log.info(
    {
      rowsRead: done?.rowsRead,
      created: done?.created,
      changed: done?.changed,
      unchanged: done?.unchanged,
      rejected: done?.rejected,
      deactivated: done?.deactivated,
    },
    "feed import finished",
  );
}

/** Reads the whole file once (a file that cannot be read fails the run before any change), then applies it. */
async function importFile(
  deps: ImportDeps,
  run: FeedRunRow,
  filePath: string,
  options: ImportOptions,
  discardFile: () => Promise<void>,
) {
  const { db } = deps;
  const runId = run.id;
  const log = deps.logger.child({ feedRun: runId });
  // Rows the reader could not make out at all (too long, broken quoting): whose ArtNo is unknown.
  let unreadableRows = 0;
  try {
    let rows = 0;
    for await (const row of readFeed(filePath, run.kind, run.format)) {
      rows++;
      if (row.error !== undefined && parseArtNo(row.artNo ?? undefined) === null) unreadableRows++;
      if (options.signal?.aborted) throw new Error("stopped");
    }
    log.info({ rows, unreadableRows }, "feed file read; applying");
  } catch (error) {
    if (error instanceof FeedFileError) {
      await failRun(db, runId, error.message);
      await discardFile();
      throw new PermanentJobError(error.message);
    }
    throw error;
  }

  const categories = new Set((await db.select({ id: productCategories.id }).from(productCategories)).map((c) => c.id));
  const touched = new Set<number>();
  let kept = run.rejected;
  const apply = async (rowsOfBatch: FeedRow[]) => {
    const lastLine = rowsOfBatch[rowsOfBatch.length - 1]!.line;
    await applyBatch(rowsOfBatch, lastLine).catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      throw feedBatchFailure(log, error, { from: rowsOfBatch[0]!.line, to: lastLine });
    });
    options.onBatch?.(lastLine);
    if (options.signal?.aborted) throw new Error("stopped");
  };
  const applyBatch = async (rowsOfBatch: FeedRow[], lastLine: number) => {
    await db.transaction(async (tx) => {
      // The batch's progress is in this same transaction, so a commit lost in a crash is simply
      // applied again on resume: no need to wait for the disk at each of a thousand commits.
      await tx.execute(
        sql`SELECT set_config('app.price_source', 'import', true), set_config('synchronous_commit', 'off', true)`,
      );
      const result: BatchResult =
        run!.kind === "stock"
          ? await applyStockBatch(tx, run!, rowsOfBatch)
          : await applyProductBatch(tx, run!, rowsOfBatch, categories);
      const keep = result.rejections.slice(0, Math.max(0, MAX_KEPT_REJECTIONS - kept));
      if (keep.length)
        await tx.insert(supplierFeedRejections).values(
          keep.map((r) => ({
            runId,
            line: r.line,
            artNo: r.artNo?.slice(0, 100) ?? null,
            reason: r.reason.slice(0, 500),
          })),
        );
      await tx
        .update(supplierFeedRuns)
        .set({
          rowsRead: sql`${supplierFeedRuns.rowsRead} + ${rowsOfBatch.length}`,
          created: sql`${supplierFeedRuns.created} + ${result.created}`,
          changed: sql`${supplierFeedRuns.changed} + ${result.changed}`,
          unchanged: sql`${supplierFeedRuns.unchanged} + ${result.unchanged}`,
          rejected: sql`${supplierFeedRuns.rejected} + ${result.rejections.length}`,
          progressLine: lastLine,
        })
        .where(eq(supplierFeedRuns.id, runId));
      if (options.job) await renewJobLease(tx, options.job, LEASE_MS);
      kept += result.rejections.length;
      for (const id of result.categories) touched.add(id);
    });
  };

  const batches = readAhead(batchesOf(readFeed(filePath, run.kind, run.format), run.progressLine, batchRows(run.kind)));
  for await (const rowsOfBatch of batches) await apply(rowsOfBatch);
  await finishRun(deps, runId, touched, unreadableRows);
}

/** The file's rows after `progressLine` (the ones a resumed run has not applied yet), `size` at a time. */
async function* batchesOf(rows: AsyncIterable<FeedRow>, progressLine: number, size: number) {
  let batch: FeedRow[] = [];
  for await (const row of rows) {
    if (row.line <= progressLine) continue;
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Hands out the items of `source` while it already reads the next one: the file's next batch is
 * parsed here while the database applies the current one (two cores busy instead of taking turns).
 * One item ahead at most, so memory stays flat. A consumer that stops early (an error, a shutdown)
 * closes the source once the item being read is done.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  next.catch(() => undefined);
  let finished = false;
  try {
    for (;;) {
      const item = await next;
      if (item.done) {
        finished = true;
        return;
      }
      next = iterator.next();
      // A failure of the read ahead is thrown when its item is asked for, not as an unhandled
      // rejection while the current item is still being applied.
      next.catch(() => undefined);
      yield item.value;
    }
  } finally {
    if (!finished) {
      // The read ahead may still be under way, or have failed: its result is not wanted.
      await next.then(
        () => iterator.return?.(),
        () => undefined,
      );
    }
  }
}

/**
 * The end of a run: a full product feed sets the products it no longer lists inactive (never
 * deletes them; not when the file had no usable row at all; held for the admin's confirmation when
 * rows could not be read or too many would go: deactivation.server.ts), the filter counts of the
 * touched categories are rebuilt, and the report is closed.
 */
async function finishRun(deps: ImportDeps, runId: number, touched: Set<number>, unreadableRows: number) {
  const { db, config } = deps;
  const run = (await loadRun(db, runId))!;
  let deactivated = 0;
  let hold: DeactivationHold | null = null;
  let note: string | null = run.error;
  const accepted = run.created + run.changed + run.unchanged;
  if (run.kind === "products" && !run.dryRun) await supersedeHeldDeactivations(db, runId);
  if (run.kind === "products" && run.fullFeed) {
    if (accepted === 0) {
      note = "No product in the file could be used: nothing was set inactive";
    } else if (run.dryRun) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM products WHERE status = 1 AND NOT EXISTS (
          SELECT 1 FROM supplier_feed_seen s WHERE s.run_id = ${runId} AND s.art_no = products.art_no)`),
      );
      deactivated = Number(row?.n ?? 0);
    } else {
      const outcome = await deactivateMissingProducts(db, run, {
        unreadableRows,
        maxPercent: config.feedMaxDeactivatePercent,
      });
      deactivated = outcome.deactivated;
      hold = outcome.hold;
      for (const id of outcome.categories) touched.add(id);
    }
  }
  if (!run.dryRun && run.kind === "products" && touched.size) await rebuildFilterValueCache(db, [...touched]);
  await db.transaction(async (tx) => {
    await tx
      .update(supplierFeedRuns)
      .set({ status: "succeeded", deactivated, deactivationHold: hold, error: note, finishedAt: sql`now()` })
      .where(eq(supplierFeedRuns.id, runId));
    await tx.delete(supplierFeedSeen).where(eq(supplierFeedSeen.runId, runId));
  });
}

/**
 * The key of a run's file in the "feeds" area. Runs queued before the one store (ADR 0041) kept a
 * path relative to DATA_DIR ("supplier-feeds/upload-….feed"): the same file in the local area.
 */
export const feedKeyOf = (storedPath: string) => path.posix.basename(storedPath);

/**
 * The run's file in the store: an upload is there already (put there by whichever instance took
 * it); a remote file is fetched once into the store, so a resumed run on any instance finds it.
 */
async function ensureFile(deps: ImportDeps, feeds: Storage, run: FeedRunRow): Promise<string> {
  const { db, config } = deps;
  if (run.storedPath) {
    const key = feedKeyOf(run.storedPath);
    if (await feeds.exists(key)) return key;
    if (run.source === "upload") {
      const message = "The uploaded file is gone from the shop's file store (was it cleaned?); upload it again";
      await failRun(db, run.id, message);
      throw new PermanentJobError(message);
    }
  }
  if (run.source === "upload") {
    await failRun(db, run.id, "The run has no file");
    throw new PermanentJobError("The run has no file");
  }
  const key = `run-${run.id}.feed`;
  const connection = await getConnection(db, config, run.source);
  const bytes = await fetchFeedFile(connection, run.fileName, feeds, key, config.feedMaxBytes);
  await db.update(supplierFeedRuns).set({ storedPath: key, fileBytes: bytes }).where(eq(supplierFeedRuns.id, run.id));
  return key;
}

/** The queues of the feed import: the import itself, and the scheduler that starts due imports. */
export function feedQueues(
  deps: ImportDeps,
): Required<Pick<QueueDefinitions, typeof FEED_QUEUE | typeof FEED_SCHEDULE_QUEUE>> {
  return {
    [FEED_QUEUE]: {
      // Only a database that did not answer is tried again (batch-errors.server.ts), soon: the run
      // holds the shop's one import slot meanwhile (5 attempts within about a minute).
      backoff: { baseMs: 5_000, maxMs: 30_000 },
      leaseMs: LEASE_MS,
      heartbeatMs: HEARTBEAT_MS,
      run: async (payload, context) => {
        const { runId } = payload;
        try {
          await runFeedImport({ ...deps, logger: context.logger }, runId, { job: context.job, signal: context.signal });
        } catch (error) {
          if (error instanceof FeedFetchError) {
            await deps.db
              .update(supplierFeedRuns)
              .set({ error: `Fetching the file failed: ${error.message}` })
              .where(eq(supplierFeedRuns.id, runId));
            throw error;
          }
          // Stopping (handed back), or a failure already worded for the admin.
          if (context.signal.aborted || error instanceof PermanentJobError || error instanceof FeedRetryError)
            throw error;
          // Anything else (a query outside the batches): never its SQL and parameters in the report.
          throw feedRunFailure(context.logger.child({ feedRun: runId }), error);
        }
      },
      onFailed: async (tx, job, error) => {
        const runId = Number(job.payload.runId);
        const [run] = await tx.select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, runId)).limit(1);
        if (run && !finished(run)) {
          const applied =
            run.progressLine > 0 ? ` Lines up to ${run.progressLine} were applied.` : " Nothing was changed.";
          await failRun(tx, runId, `${error}.${applied}`);
        }
      },
    },
    [FEED_SCHEDULE_QUEUE]: {
      backoff: { baseMs: 60_000, maxMs: 60_000 },
      leaseMs: 60_000,
      run: async (_payload, { logger }) => {
        const started = await startDueSchedules(deps.db);
        if (started.length) logger.info({ runs: started }, "scheduled feed imports started");
      },
    },
  };
}

export const FEED_SCHEDULE_EVERY_MS = 60_000;
