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
