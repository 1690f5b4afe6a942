import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export type ImageMigrationBatchStatus = "queued" | "running" | "completed" | "failed";
export type ImageMigrationResultStatus = "success" | "error" | "skipped";
export type ImageMigrationSummary = { processed: number; success: number; error: number; skipped: number };

/**
 * One batch of the image migration tool (spec 2 §7.4 migrate-product-images): started by an admin,
 * run by the "image-migration" job. `startArtNo` is exclusive (the last ArtNo processed before);
 * `lastArtNo` the last one this batch processed, where "Continue Migration" starts the next.
 * At most one batch is queued or running at a time (the partial unique index).
 */
export const imageMigrationBatches = pgTable(
  "image_migration_batches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    status: text("status").$type<ImageMigrationBatchStatus>().notNull().default("queued"),
    batchSize: smallint("batch_size").notNull(),
    startArtNo: integer("start_art_no"),
    endArtNo: integer("end_art_no"),
    lastArtNo: integer("last_art_no"),
    hasMore: boolean("has_more"),
    summary: jsonb("summary").$type<ImageMigrationSummary>(),
    error: text("error"),
    /** Who started it: product image rewrites are recorded in admin_changes in this admin's name. */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("image_migration_batches_one_active_key")
      .on(sql`(1)`)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** Per product of a batch (spec 1 §3 migration result): artNo, status, message, original and new URLs. */
export const imageMigrationResults = pgTable(
  "image_migration_results",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    batchId: bigint("batch_id", { mode: "number" })
      .notNull()
      .references(() => imageMigrationBatches.id, { onDelete: "cascade" }),
    artNo: integer("art_no").notNull(),
    status: text("status").$type<ImageMigrationResultStatus>().notNull(),
    message: text("message").notNull(),
    originalUrls: text("original_urls").array().notNull(),
    newUrls: text("new_urls").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("image_migration_results_batch_art_no_key").on(t.batchId, t.artNo),
    index("image_migration_results_art_no_idx").on(t.artNo),
  ],
);
