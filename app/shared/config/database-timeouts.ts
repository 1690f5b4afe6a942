/**
 * How long the shop waits for PostgreSQL (DATABASE_*_TIMEOUT_MS). Without them a database that stops
 * answering hangs every request, the health check included, for as long as it is away.
 */
export type DatabaseTimeouts = {
  /** A new connection, or a free one of the pool when all are busy. */
  connectMs: number;
  /** The server cancels a longer statement; the client gives up QUERY_TIMEOUT_MARGIN_MS later. */
  statementMs: number;
  /** Waiting for a row or table lock, e.g. a coupon row another checkout holds. */
  lockMs: number;
  /** The server ends a session that keeps a transaction open without doing anything. */
  idleInTransactionMs: number;
};
