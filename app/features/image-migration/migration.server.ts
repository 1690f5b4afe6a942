import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import {
  imageMigrationBatches,
  imageMigrationResults,
  products,
  type ImageMigrationResultStatus,
  type ImageMigrationSummary,
} from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { enqueueJob } from "~/shared/jobs/queue.server";
import { PermanentJobError, type QueueDefinition } from "~/shared/jobs/worker.server";
import type { Storage } from "~/shared/storage/index.server";
import { convertToWebp, MAIN_WIDTH, storedImageKey, storedImageUrl } from "./convert.server";
import { downloadImage, type DownloadOptions } from "./download.server";
import {
  classifyImageUrl,
  EXTERNAL_IMAGE_SQL_PATTERN,
  imageDownloadUrl,
  isExternalImageUrl,
} from "./image-urls.server";

/** The queue that runs the batches (spec 2 §7.4 migrate-product-images). */
export const IMAGE_MIGRATION_QUEUE = "image-migration";

declare module "~/shared/jobs/queue.server" {
  interface JobPayloads {
    "image-migration": { batchId: number };
  }
}
/** Spec 2 §9: batch size 1 to 50, default 10 (10 to 20 recommended); statistics sample 1000. */
export const BATCH_SIZE_MIN = 1;
export const BATCH_SIZE_MAX = 50;
export const BATCH_SIZE_DEFAULT = 10;
export const STATISTICS_SAMPLE = 1000;
/** A batch stops taking new products after this long (it completes with "more remain"), well inside the lease. */
const BATCH_TIME_BUDGET_MS = 30 * 60_000;
const LEASE_MS = 45 * 60_000;

export class ImageMigrationBusyError extends Error {
  override name = "ImageMigrationBusyError";
  constructor() {
    super("A migration batch is already running. Wait until it has finished.");
  }
}

export class ImageMigrationDoneError extends Error {
  override name = "ImageMigrationDoneError";
  constructor() {
    super("No products with images on external URLs remain after the last processed ArtNo.");
  }
}

const hasExternalImage = sql`EXISTS (SELECT 1 FROM unnest(${products.images}) AS u(url) WHERE u.url ~* ${EXTERNAL_IMAGE_SQL_PATTERN})`;

/** The ArtNo where "Continue Migration" starts after (exclusive): the last one any batch processed. */
async function lastProcessedArtNo(db: DbExecutor): Promise<number | null> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${imageMigrationBatches.lastArtNo})` })
    .from(imageMigrationBatches);
  return row?.last == null ? null : Number(row.last);
}

async function remainingAfter(db: DbExecutor, artNo: number | null): Promise<boolean> {
  const [row] = await db
    .select({ artNo: products.artNo })
    .from(products)
    .where(and(hasExternalImage, artNo == null ? undefined : sql`${products.artNo} > ${artNo}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Starts a batch: from the last processed ArtNo (or the first product) the next `batchSize`
 * products with images on external URLs. Records the start, queues the job, all in one transaction.
 */
export async function startImageMigrationBatch(
  db: Db,
  actor: AdminActor,
  input: { batchSize: number },
): Promise<{ batchId: number; startArtNo: number | null }> {
  const batchSize = Math.trunc(input.batchSize);
  if (!(batchSize >= BATCH_SIZE_MIN && batchSize <= BATCH_SIZE_MAX)) {
    throw new RangeError(`Batch size must be between ${BATCH_SIZE_MIN} and ${BATCH_SIZE_MAX}`);
  }
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMAGE_MIGRATION_LOCK})`);
      const [active] = await tx
        .select({ id: imageMigrationBatches.id })
        .from(imageMigrationBatches)
        .where(inArray(imageMigrationBatches.status, ["queued", "running"]))
        .limit(1);
      if (active) throw new ImageMigrationBusyError();
      const startArtNo = await lastProcessedArtNo(tx);
      if (!(await remainingAfter(tx, startArtNo))) throw new ImageMigrationDoneError();
      const [batch] = await tx
        .insert(imageMigrationBatches)
        .values({ batchSize, startArtNo, actorId: actor.id, actorEmail: actor.email })
        .returning({ id: imageMigrationBatches.id });
      const batchId = batch!.id;
      await enqueueJob(
        tx,
        IMAGE_MIGRATION_QUEUE,
        { batchId },
        { singletonKey: `image-migration:${batchId}`, maxAttempts: 3 },
      );
      await recordAdminChange(tx, actor, {
        entityType: "image-migration",
        entityId: String(batchId),
        action: "start",
        before: null,
        after: { batchSize, startArtNo },
      });
      return { batchId, startArtNo };
    });
  } catch (error) {
    // Two admins at once: the partial unique index lets only one active batch exist.
    if (
      (error as { code?: string }).code === "23505" ||
      (error as { cause?: { code?: string } }).cause?.code === "23505"
    ) {
      throw new ImageMigrationBusyError();
    }
    throw error;
  }
}

const IMAGE_MIGRATION_LOCK = 20_261_010;

/** Reset: clears every batch and result (the products keep their rewritten images). Refused while a batch runs. */
export async function resetImageMigration(db: Db, actor: AdminActor): Promise<{ batches: number; results: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMAGE_MIGRATION_LOCK})`);
    const [active] = await tx
      .select({ id: imageMigrationBatches.id })
      .from(imageMigrationBatches)
      .where(inArray(imageMigrationBatches.status, ["queued", "running"]))
      .limit(1);
    if (active) throw new ImageMigrationBusyError();
    const [counts] = await tx
      .select({
        batches: sql<number>`(SELECT count(*) FROM ${imageMigrationBatches})::int`,
        results: sql<number>`(SELECT count(*) FROM ${imageMigrationResults})::int`,
      })
      .from(sql`(SELECT 1) AS one`);
    const lastArtNo = await lastProcessedArtNo(tx);
    await tx.delete(imageMigrationResults);
    await tx.delete(imageMigrationBatches);
    const before = { batches: Number(counts!.batches), results: Number(counts!.results), lastArtNo };
    await recordAdminChange(tx, actor, {
      entityType: "image-migration",
      entityId: "all",
      action: "reset",
      before,
      after: null,
    });
    return { batches: before.batches, results: before.results };
  });
}

export type MigrationResultView = {
  artNo: number;
  status: ImageMigrationResultStatus;
  message: string;
  originalUrls: string[];
  newUrls: string[];
};

export type MigrationStateView = {
  active: {
    id: number;
    status: "queued" | "running";
    batchSize: number;
    startArtNo: number | null;
    done: number;
  } | null;
  lastBatch: {
    id: number;
    status: string;
    batchSize: number;
    summary: ImageMigrationSummary | null;
    error: string | null;
    hasMore: boolean | null;
  } | null;
  lastArtNo: number | null;
  hasMore: boolean;
  started: boolean;
  totals: ImageMigrationSummary;
  results: MigrationResultView[];
};

/** What the Migration Tool shows: the running or last batch, the totals and the newest results. */
export async function imageMigrationState(db: Db, options: { resultLimit?: number } = {}): Promise<MigrationStateView> {
  const [last] = await db.select().from(imageMigrationBatches).orderBy(desc(imageMigrationBatches.id)).limit(1);
  const lastArtNo = await lastProcessedArtNo(db);
  const results = await db
    .select({
      artNo: imageMigrationResults.artNo,
      status: imageMigrationResults.status,
      message: imageMigrationResults.message,
      originalUrls: imageMigrationResults.originalUrls,
      newUrls: imageMigrationResults.newUrls,
    })
    .from(imageMigrationResults)
    .orderBy(desc(imageMigrationResults.id))
    .limit(options.resultLimit ?? 200);
  const [totals] = await db
    .select({
      processed: sql<number>`count(*)::int`,
      success: sql<number>`(count(*) FILTER (WHERE ${imageMigrationResults.status} = 'success'))::int`,
      error: sql<number>`(count(*) FILTER (WHERE ${imageMigrationResults.status} = 'error'))::int`,
      skipped: sql<number>`(count(*) FILTER (WHERE ${imageMigrationResults.status} = 'skipped'))::int`,
    })
    .from(imageMigrationResults);
  let active: MigrationStateView["active"] = null;
  if (last && (last.status === "queued" || last.status === "running")) {
    const [done] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(imageMigrationResults)
      .where(eq(imageMigrationResults.batchId, last.id));
    active = {
      id: last.id,
      status: last.status,
      batchSize: last.batchSize,
      startArtNo: last.startArtNo,
      done: Number(done?.n ?? 0),
    };
  }
  return {
    active,
    lastBatch: last
      ? {
          id: last.id,
          status: last.status,
          batchSize: last.batchSize,
          summary: last.summary,
          error: last.error,
          hasMore: last.hasMore,
        }
      : null,
    lastArtNo,
    hasMore: await remainingAfter(db, lastArtNo),
    started: last !== undefined,
    totals: {
      processed: Number(totals?.processed ?? 0),
      success: Number(totals?.success ?? 0),
      error: Number(totals?.error ?? 0),
      skipped: Number(totals?.skipped ?? 0),
    },
    results: results.map((r) => ({ ...r, artNo: Number(r.artNo) })),
  };
}

export type ImageStatistics = {
  sampledProducts: number;
  productsWithExternal: number;
  withoutImages: number;
  images: number;
  external: number;
  local: number;
  broken: number;
};

/** Statistics from a sample of the first 1000 products (by ArtNo): images on external URLs, local, broken. */
export async function imageStatistics(db: Db, storage: Storage): Promise<ImageStatistics> {
  const sample = await db
    .select({ artNo: products.artNo, images: products.images })
    .from(products)
    .orderBy(asc(products.artNo))
    .limit(STATISTICS_SAMPLE);
  const generatedFor = new Set<number>();
  const referenced = new Set<number>();
  for (const p of sample)
    for (const url of p.images) {
      const c = classifyImageUrl(url);
      if (c.kind === "generated") referenced.add(c.artNo);
    }
  if (referenced.size) {
    const rows = await db
      .select({ artNo: products.artNo })
      .from(products)
      .where(inArray(products.artNo, [...referenced]));
    for (const r of rows) generatedFor.add(Number(r.artNo));
  }
  const stats: ImageStatistics = {
    sampledProducts: sample.length,
    productsWithExternal: 0,
    withoutImages: 0,
    images: 0,
    external: 0,
    local: 0,
    broken: 0,
  };
  for (const p of sample) {
    if (p.images.length === 0) stats.withoutImages += 1;
    let external = false;
    for (const url of p.images) {
      stats.images += 1;
      const c = classifyImageUrl(url);
      if (c.kind === "external") {
        stats.external += 1;
        external = true;
      } else if (c.kind === "stored") {
        if (await storage.exists(c.key)) stats.local += 1;
        else stats.broken += 1;
      } else if (c.kind === "generated") {
        if (generatedFor.has(c.artNo)) stats.local += 1;
        else stats.broken += 1;
      } else if (c.kind === "local") stats.local += 1;
      else stats.broken += 1;
    }
    if (external) stats.productsWithExternal += 1;
  }
  return stats;
}

export type ImageMigrationDeps = {
  config: Pick<Config, "outbound" | "publicUrl">;
  storage: Storage;
  /** Tests shorten the timeouts and the size limit. */
  download?: Partial<Omit<DownloadOptions, "allowLoopback" | "signal">>;
};

/** Downloads, checks, converts and stores one image; returns the shop's own URL for it. */
async function migrateOneImage(artNo: number, url: string, deps: ImageMigrationDeps, signal: AbortSignal) {
  const downloaded = await downloadImage(imageDownloadUrl(url, deps.config.publicUrl), {
    ...deps.download,
    allowLoopback: deps.config.outbound.allowLoopback,
    signal,
  });
  const converted = await convertToWebp(downloaded.body);
  for (const variant of converted.variants) {
    await deps.storage.put(storedImageKey(artNo, converted.hash, variant.width), variant.body, "image/webp");
  }
  return storedImageUrl(storedImageKey(artNo, converted.hash, MAIN_WIDTH));
}

/**
 * One product: every image on an external URL is migrated; the product's images are rewritten
 * (the ones that worked) with the before/after recorded, in the transaction that stores its result.
 */
async function migrateProduct(
  db: Db,
  batch: typeof imageMigrationBatches.$inferSelect,
  product: { artNo: number; images: string[] },
  deps: ImageMigrationDeps,
  signal: AbortSignal,
): Promise<ImageMigrationResultStatus> {
  const originalUrls = product.images;
  const external = originalUrls.filter(isExternalImageUrl);
  const newUrls: string[] = [];
  const failures: string[] = [];
  for (const url of originalUrls) {
    if (!isExternalImageUrl(url)) {
      newUrls.push(url);
      continue;
    }
    try {
      newUrls.push(await migrateOneImage(product.artNo, url, deps, signal));
    } catch (error) {
      if (signal.aborted) throw error;
      failures.push(`${url}: ${(error as Error).message}`);
      newUrls.push(url);
    }
  }
  let status: ImageMigrationResultStatus;
  let message: string;
  if (external.length === 0) {
    status = "skipped";
    message = "No images on external URLs";
  } else if (failures.length === 0) {
    status = "success";
    message = `Migrated ${external.length} image${external.length === 1 ? "" : "s"}`;
  } else {
    status = "error";
    message =
      `${failures.length} of ${external.length} image${external.length === 1 ? "" : "s"} failed: ${failures.join("; ")}`.slice(
        0,
        2000,
      );
  }
  const changed = newUrls.some((url, i) => url !== originalUrls[i]);
  await db.transaction(async (tx) => {
    if (changed) {
      // Only if nobody changed the images meanwhile; otherwise the result says so and nothing is rewritten.
      const updated = await tx
        .update(products)
        .set({ images: newUrls, updatedAt: sql`now()` })
        .where(and(eq(products.artNo, product.artNo), sql`${products.images} = ${sql.param(originalUrls)}::text[]`))
        .returning({ artNo: products.artNo });
      if (updated.length === 0) {
        status = "skipped";
        message = "The product's images changed during the migration; nothing rewritten";
      } else {
        await recordAdminChange(
          tx,
          { id: batch.actorId ?? "", email: batch.actorEmail },
          {
            entityType: "product",
            entityId: String(product.artNo),
            action: "migrate-images",
            before: { images: originalUrls },
            after: { images: newUrls },
          },
        );
      }
    }
    await tx
      .insert(imageMigrationResults)
      .values({
        batchId: batch.id,
        artNo: product.artNo,
        status,
        message,
        originalUrls,
        newUrls: status === "skipped" && changed ? originalUrls : newUrls,
      })
      .onConflictDoNothing();
  });
  return status;
}

function batchIdOf(payload: Record<string, unknown>): number {
  const id = payload.batchId;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1)
    throw new PermanentJobError("The job names no batch");
  return id;
}

/** Runs one batch (resuming after products an interrupted attempt already did). */
export async function runImageMigrationBatch(db: Db, batchId: number, deps: ImageMigrationDeps, signal: AbortSignal) {
  const [batch] = await db.select().from(imageMigrationBatches).where(eq(imageMigrationBatches.id, batchId)).limit(1);
  if (!batch) throw new PermanentJobError("The batch no longer exists (reset)");
  if (batch.status === "completed" || batch.status === "failed") return;
  await db.update(imageMigrationBatches).set({ status: "running" }).where(eq(imageMigrationBatches.id, batchId));
  const doneBefore = db
    .select({ artNo: imageMigrationResults.artNo })
    .from(imageMigrationResults)
    .where(eq(imageMigrationResults.batchId, batchId));
  const candidates = await db
    .select({ artNo: products.artNo, images: products.images })
    .from(products)
    .where(
      and(
        batch.startArtNo == null ? undefined : sql`${products.artNo} > ${batch.startArtNo}`,
        batch.endArtNo == null ? undefined : sql`${products.artNo} <= ${batch.endArtNo}`,
        sql`(${hasExternalImage} OR ${products.artNo} IN (${doneBefore}))`,
      ),
    )
    .orderBy(asc(products.artNo))
    .limit(batch.batchSize);
  const already = new Set((await doneBefore).map((r) => Number(r.artNo)));
  const started = Date.now();
  let lastArtNo = batch.startArtNo;
  for (const product of candidates) {
    if (Date.now() - started > BATCH_TIME_BUDGET_MS) break;
    if (!already.has(product.artNo)) await migrateProduct(db, batch, product, deps, signal);
    lastArtNo = product.artNo;
  }
  const [summary] = await db
    .select({
      processed: sql<number>`count(*)::int`,
      success: sql<number>`(count(*) FILTER (WHERE ${imageMigrationResults.status} = 'success'))::int`,
      error: sql<number>`(count(*) FILTER (WHERE ${imageMigrationResults.status} = 'error'))::int`,
      skipped: sql<number>`(count(*) FILTER (WHERE ${imageMigrationResults.status} = 'skipped'))::int`,
    })
    .from(imageMigrationResults)
    .where(eq(imageMigrationResults.batchId, batchId));
  const hasMore = await remainingAfter(db, lastArtNo);
  await db
    .update(imageMigrationBatches)
    .set({
      status: "completed",
      lastArtNo,
      hasMore,
      summary: {
        processed: Number(summary!.processed),
        success: Number(summary!.success),
        error: Number(summary!.error),
        skipped: Number(summary!.skipped),
      },
      finishedAt: sql`now()`,
    })
    .where(eq(imageMigrationBatches.id, batchId));
}

/** The "image-migration" queue: one job per batch. */
export function imageMigrationQueue(deps: ImageMigrationDeps): QueueDefinition<typeof IMAGE_MIGRATION_QUEUE> {
  return {
    backoff: { baseMs: 10_000, maxMs: 60_000 },
    leaseMs: LEASE_MS,
    run: async (payload, { db, signal }) => runImageMigrationBatch(db, batchIdOf(payload), deps, signal),
    onFailed: async (tx, job, error) => {
      const batchId = job.payload.batchId;
      if (typeof batchId !== "number") return;
      await tx
        .update(imageMigrationBatches)
        .set({ status: "failed", error: error.slice(0, 1000), finishedAt: sql`now()` })
        .where(eq(imageMigrationBatches.id, batchId));
    },
  };
}
