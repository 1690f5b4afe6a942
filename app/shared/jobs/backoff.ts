/** How a queue waits between attempts: exponential from `baseMs`, never longer than `maxMs`. */
export type Backoff = { baseMs: number; maxMs: number } | { delaysMs: readonly number[] };

/** The wait after failed attempt number `attempt` (1-based). */
export function retryDelayMs(backoff: Backoff, attempt: number): number {
  if ("delaysMs" in backoff) {
    const { delaysMs } = backoff;
    return delaysMs[Math.min(attempt - 1, delaysMs.length - 1)] ?? 0;
  }
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
}
