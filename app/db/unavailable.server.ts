/**
 * Errors that mean "the database is not there or not answering in time" rather than "this request is
 * wrong or our code is": those pages answer 503 (try again soon; a load balancer or crawler knows the
 * page itself is fine) instead of 500.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs: 57P01–57P03 server shut down or starting, 53300 too many connections, 57014 statement
 * cancelled (statement_timeout), 55P03 lock timeout, 25P03 idle-in-transaction timeout; class 08 is
 * "connection exception". Our own pingDatabase deadline has DATABASE_TIMEOUT.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "55P03", "25P03"]);

/** node-postgres reports these as plain errors without a code. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "is not queryable",
];

function isUnavailableCause(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code === "DATABASE_TIMEOUT") return true;
  if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return DRIVER_MESSAGES.some((text) => message.includes(text));
}

/** True when the error, or what caused it (Drizzle wraps the driver's error), is the database being away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 10; seen++) {
    const next = queue.shift();
    if (!next || typeof next !== "object") continue;
    const candidate = next as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (isUnavailableCause(candidate)) return true;
    queue.push(candidate.cause);
    // A host name with several addresses fails with an AggregateError of one error per address.
    if (Array.isArray(candidate.errors)) queue.push(...(candidate.errors as unknown[]));
  }
  return false;
}
