import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { PermanentJobError } from "~/shared/jobs/worker.server";
import type { Logger } from "~/shared/logging/logger.server";

/**
 * A database error while a feed import applies its rows (issue 27): logged here with its context
 * (SQLSTATE, lines, the driver's message), shown to the admin as a sentence in English, never as the
 * failed query with its parameters. Retried only when trying again can help (the database was away
 * or too slow, a deadlock); a value or rule the database refuses fails the run at once, so it never
 * keeps the shop's one import slot busy through five attempts.
 */

/** A failure already put into words for the admin that the queue tries again. */
export class FeedRetryError extends Error {
  override name = "FeedRetryError";
}

/** The SQLSTATE of the error or of what caused it (Drizzle wraps the driver's error). */
export function sqlStateOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 10; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Serialization failure and deadlock: the same statements may well succeed a moment later. */
const RETRY_SQLSTATES = new Set(["40001", "40P01"]);

export function isRetryableDatabaseError(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const code = sqlStateOf(error);
  return code !== null && RETRY_SQLSTATES.has(code);
}

function refusal(code: string | null): string {
  if (code?.startsWith("22")) return "a value it cannot store (too long or out of range)";
  if (code?.startsWith("23")) return "a value that breaks one of its rules";
  return "an unexpected error";
}

const firstLine = (text: unknown) => (typeof text === "string" ? text.split("\n", 1)[0]!.slice(0, 300) : undefined);

/**
 * The error to throw for a batch (lines `from`–`to`) that failed: a plain Error (the queue tries
 * again) or a PermanentJobError (the run fails now). Both carry only a friendly message.
 */
export function feedBatchFailure(log: Logger, error: unknown, lines: { from: number; to: number }): Error {
  const code = sqlStateOf(error);
  const retryable = isRetryableDatabaseError(error);
  const cause = (error as { cause?: unknown })?.cause;
  log.error(
    {
      sqlState: code,
      lines,
      retryable,
      // The driver's own message names the column or constraint; the query and its values are left out.
      reason: firstLine((cause as { message?: unknown })?.message) ?? firstLine((error as Error)?.message),
      detail: firstLine((cause as { detail?: unknown })?.detail ?? (error as { detail?: unknown })?.detail),
    },
    "supplier feed batch failed",
  );
  const where = `lines ${lines.from}–${lines.to}`;
  if (retryable)
    return new FeedRetryError(`The database did not answer while applying ${where}; the import is tried again shortly`);
  return new PermanentJobError(
    `The database refused ${where}: ${refusal(code)}. The details are in the server log; correct the file and import it again`,
  );
}

/**
 * Any other unexpected failure of an import (outside its batches): logged with the run, and told to
 * the admin in a sentence; tried again only when that can help.
 */
export function feedRunFailure(log: Logger, error: unknown): Error {
  const retryable = isRetryableDatabaseError(error);
  log.error(
    {
      sqlState: sqlStateOf(error),
      retryable,
      reason: firstLine((error as Error)?.message),
      cause: firstLine(((error as { cause?: unknown })?.cause as { message?: unknown })?.message),
    },
    "supplier feed import failed",
  );
  if (retryable) return new FeedRetryError("The database did not answer; the import is tried again shortly");
  return new PermanentJobError("The import stopped on an unexpected error. The details are in the server log");
}
