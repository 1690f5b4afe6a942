import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/*
 * The supplier's catalogue and stock feed imports (issue 15; app/features/supplier-feed/,
 * docs/supplier-feeds.md).
 */

/* The shapes of the JSON and text columns below: the domain and features import them from here. */
/** A product feed (articles, prices, descriptions) or a stock feed (ArtNo, ArtQuantity, Status). */
export type FeedKind = "products" | "stock";

/**
 * How to read a feed file. Everything is recognised when left out: syntax from the first bytes,
 * encoding (UTF-8, else Windows-1252), separator from the header line, columns by their names
 * (spec 1 §3 names, case- and space-insensitive). `columns` maps a field to the feed's own header.
 */
export type FeedFormat = {
  syntax?: "csv" | "xml";
  encoding?: "utf-8" | "windows-1252";
  separator?: "," | ";" | "\t" | "|";
  columns?: Partial<Record<string, string>>;
};

/**
 * Products a full product feed would set inactive but did not (issue 27): more than the safety share
 * of the shop's active products, or rows the reader could not read (their products may be among the
 * missing ones). The ArtNos wait in `supplier_feed_held_deactivations` until the admin confirms the
 * run on its page, or a later product import makes them stale ("superseded").
 */
export type DeactivationHold = {
  state: "held" | "confirmed" | "superseded";
  /** Products the run would set inactive. */
  count: number;
  /** Active products in the shop when the run ended. */
  activeProducts: number;
  /** The safety share in force (FEED_MAX_DEACTIVATE_PERCENT). */
  maxPercent: number;
  /** Why the run did not set them inactive by itself. */
  reasons: string[];
  /** The first few, by ArtNo, for the report. */
  sample: { artNo: number; name: string | null }[];
  confirmedBy?: string;
  confirmedAt?: string;
};
/** Where the file comes from: an upload in the admin, or the supplier's FTP or SFTP server. */
export type FeedSource = "upload" | "ftp" | "sftp";
/**
 * queued → running → succeeded | failed. A run applies the file in batches, each committed with the
 * run's counters and `progress_line`; a run whose worker died is taken over by the queue and goes on
 * after the last committed batch, so it is never left half-applied without its report saying so.
 */
export type FeedRunStatus = "queued" | "running" | "succeeded" | "failed";

/** The counts of a run's report; `deactivated` only for a full product feed. */
export type FeedRunCounts = {
  rowsRead: number;
  created: number;
  changed: number;
  unchanged: number;
  rejected: number;
  deactivated: number;
};

/** One import (or dry run) of one file: the admin's report. */
export const supplierFeedRuns = pgTable(
  "supplier_feed_runs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").$type<FeedKind>().notNull(),
    source: text("source").$type<FeedSource>().notNull(),
    /** The uploaded file's name or the remote path on the FTP/SFTP server. */
    fileName: text("file_name").notNull(),
    /** The file on this server (under DATA_DIR/supplier-feeds) once uploaded or fetched. */
    storedPath: text("stored_path"),
    fileBytes: bigint("file_bytes", { mode: "number" }),
    format: jsonb("format").$type<FeedFormat>().notNull().default({}),
    /** A dry run reads and checks everything and writes nothing but its report. */
    dryRun: boolean("dry_run").notNull().default(false),
    /** A full product feed lists the whole catalogue: products missing from it are set inactive. */
    fullFeed: boolean("full_feed").notNull().default(false),
    status: text("status").$type<FeedRunStatus>().notNull().default("queued"),
    scheduleId: bigint("schedule_id", { mode: "number" }),
    /** Admin user id, or null for a scheduled run. */
    requestedBy: text("requested_by"),
    rowsRead: integer("rows_read").notNull().default(0),
    created: integer("created").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    deactivated: integer("deactivated").notNull().default(0),
    /** Set when a full feed's deactivation waits for the admin's confirmation (see DeactivationHold). */
    deactivationHold: jsonb("deactivation_hold").$type<DeactivationHold>(),
    /** Why the whole run failed (a file that cannot be read at all, a lost connection). */
    error: text("error"),
    /** How many times the queue started this run (more than 1: it was interrupted and started over). */
    attempts: integer("attempts").notNull().default(0),
    /** The last line of the file whose batch is committed: an interrupted run goes on after it. */
    progressLine: integer("progress_line").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("supplier_feed_runs_created_idx").on(t.createdAt, t.id),
    // One import at a time: at most one run is queued or running, whoever starts it.
    uniqueIndex("supplier_feed_runs_one_active")
      .on(sql`(true)`)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** The rejected rows of a run, with the line in the file and the reason (the first 1 000 are kept). */
export const supplierFeedRejections = pgTable(
  "supplier_feed_rejections",
  {
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => supplierFeedRuns.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    artNo: text("art_no"),
    reason: text("reason").notNull(),
  },
  (t) => [index("supplier_feed_rejections_run_idx").on(t.runId, t.line)],
);

/**
 * The ArtNos a running import has met, with their first line: finds duplicates in the file and, for
 * a full product feed, the products it no longer lists. Emptied when the run ends.
 */
export const supplierFeedSeen = pgTable(
  "supplier_feed_seen",
  {
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => supplierFeedRuns.id, { onDelete: "cascade" }),
    artNo: integer("art_no").notNull(),
    line: integer("line").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.artNo] })],
);

/** The ArtNos a held deactivation would set inactive (DeactivationHold); removed once decided. */
export const supplierFeedHeldDeactivations = pgTable(
  "supplier_feed_held_deactivations",
  {
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => supplierFeedRuns.id, { onDelete: "cascade" }),
    artNo: integer("art_no").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.artNo] })],
);

/** A recurring import from the FTP or SFTP server, set by the admin. */
export const supplierFeedSchedules = pgTable("supplier_feed_schedules", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text("kind").$type<FeedKind>().notNull(),
  source: text("source").$type<"ftp" | "sftp">().notNull(),
  remotePath: text("remote_path").notNull(),
  format: jsonb("format").$type<FeedFormat>().notNull().default({}),
  fullFeed: boolean("full_feed").notNull().default(false),
  intervalMinutes: integer("interval_minutes").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunId: bigint("last_run_id", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
