// Server services of the supplier feed that moved into the feature folder so far (brief §3).
export {
  feedBatchFailure,
  feedRunFailure,
  FeedRetryError,
  isRetryableDatabaseError,
  sqlStateOf,
} from "./batch-errors.server";
export { CsvRecordGuard, QuoteNeverClosedError } from "./csv-record-guard.server";
export {
  confirmHeldDeactivation,
  deactivateMissingProducts,
  HOLD_SAMPLE_SIZE,
  supersedeHeldDeactivations,
  type ConfirmResult,
  type DeactivationOutcome,
} from "./deactivation.server";
// The import jobs and their queues (registered with the workers), and the dashboard's failed-run test.
export { FEED_SCHEDULE_EVERY_MS, feedQueues } from "./import-job.server";
export { FEED_QUEUE, FEED_SCHEDULE_QUEUE, unresolvedFailedRun } from "./runs.server";
