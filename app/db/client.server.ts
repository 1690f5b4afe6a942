import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { sql } from "drizzle-orm";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.server";
import { createLogger, type Logger } from "~/shared/logging/logger.server";
import * as schema from "./schema";
import type { DatabaseTimeouts } from "~/shared/config/database-timeouts";

export type Schema = typeof schema;
/** The one database handle type the domain works with, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The database handle or an open transaction: for work that runs alone or inside its caller's transaction. */
export type DbExecutor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "app/db/migrations");

export type { DatabaseTimeouts };

/**
 * The server enforces statement_timeout itself; the client-side limit only catches a server that no
 * longer answers at all (frozen, network gone), so it comes a little later.
 */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;

export type OpenOptions =
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /** Absent: wait as long as it takes (scripts, benchmarks); the server always passes them. */
      timeouts?: DatabaseTimeouts;
      /** Where lost connections are reported; a JSON logger on stdout by default. */
      logger?: Logger;
    }
  /** dataDir undefined = in memory; loadDataDir = start from a dumped (already migrated) template. */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const timeouts = options.timeouts;
    const logger = options.logger ?? createLogger();
    const pool = new pg.Pool({
      Client: ClosingOnReadTimeoutClient,
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Notices a peer that vanished without closing the connection (a failover, a dropped route).
      keepAlive: true,
      // JIT compiling pays off for long analytic queries, never for a shop's short ones: on a count
      // over a large catalogue it added more time than the query itself.
      options: "-c jit=off",
      ...(timeouts && {
        connectionTimeoutMillis: timeouts.connectMs,
        statement_timeout: timeouts.statementMs,
        query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
        lock_timeout: timeouts.lockMs,
        idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      }),
    });
    watchConnections(pool, logger);
    await migrateWithoutStatementLimits(options.url, timeouts);
    const db = drizzlePg(pool, { schema });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // One process per data folder (data-dir-lock.server.ts); held while the folder is open, even if opening fails.
  const lock = options.dataDir ? lockDataDir(options.dataDir) : null;
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close().finally(() => lock?.release()) };
}

export function openDatabaseFromConfig(
  config: { databaseUrl: string | undefined; dataDir: string },
  /** The web server's timeouts and logger; scripts (seed, migrate) run without limits. */
  server: { timeouts?: DatabaseTimeouts; logger?: Logger } = {},
) {
  return config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl, ...server })
    : openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") });
}

/**
 * A connection whose query got no answer in time (query_timeout: the server is frozen or out of
 * reach) is closed at once. node-postgres leaves the unanswered query active on the connection, so
 * the transaction's ROLLBACK would queue behind it and wait out a second query timeout: a request
 * in a transaction then took twice the statement limit. Closed, the ROLLBACK fails at once, and the
 * pool discards the connection when it is released.
 */
class ClosingOnReadTimeoutClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // Wraps every overload of pg's query (callback, promise, submittable); only the outcome is looked at.
    const query = super.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === "function") {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          this.closeIfUnanswered(error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        };
        return query(...args);
      }
      const outcome = query(...args);
      if (outcome instanceof Promise) outcome.catch((error: unknown) => this.closeIfUnanswered(error));
      return outcome;
    }) as pg.Client["query"];
  }

  private closeIfUnanswered(error: unknown) {
    if (error instanceof Error && error.message === "Query read timeout") this.connection.stream.destroy();
  }
}

/**
 * Every connection the pool hands out gets its own error listener. pg-pool listens only while a
 * connection is idle; one that the server drops while checked out (inside a transaction, mid-query)
 * emits 'error' with nobody listening, and Node ends the process. The query in flight still fails
 * with that error (the request gets the error page), and the pool discards the broken connection.
 */
function watchConnections(pool: pg.Pool, logger: Logger) {
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.error({ err: error }, "database connection lost"));
  });
  // The pool repeats an idle connection's error here; the connection's own listener has logged it.
  pool.on("error", () => undefined);
}

/** The advisory lock instances starting together on one database take turns on (any constant of the shop's own). */
const MIGRATION_LOCK_KEY = 7_318_245_042;

/**
 * Migrations get a connection of their own without statement or lock limits: building an index on a
 * large table may take longer than any request should, and it must not fail the start. Instances
 * started together on one database (ADR 0042) take turns under an advisory lock: without it both ran
 * the first migration at once and one failed on `CREATE EXTENSION` ("duplicate key"); the second now
 * finds everything applied. Ending the connection releases the lock, whatever happened.
 */
async function migrateWithoutStatementLimits(url: string, timeouts: DatabaseTimeouts | undefined) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts?.connectMs });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
}

export class DatabaseTimeoutError extends Error {
  readonly code = "DATABASE_TIMEOUT";
}

/**
 * `select 1` within `timeoutMs`, for the readiness check: a load balancer must hear "unavailable"
 * within its own timeout, whatever the pool's limits are.
 */
export async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  await probeDatabase(db, timeoutMs, "select 1");
}

/**
 * One read-only statement (no parameters) within `timeoutMs`, for probes (readiness, metrics). On
 * PostgreSQL the probe carries the same limit, so a connection that does not answer is discarded
 * rather than left hanging in the pool.
 */
export async function probeDatabase<Row extends Record<string, unknown>>(
  db: Db,
  timeoutMs: number,
  text: string,
): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  const probe: pg.QueryConfig & { query_timeout: number } = { text, query_timeout: timeoutMs };
  const query: Promise<{ rows: unknown[] }> =
    client instanceof pg.Pool
      ? client.query(probe)
      : Promise.resolve(db.execute(sql.raw(text)) as PromiseLike<{ rows: unknown[] }>);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // Whichever loses the race must not become an unhandled rejection.
  query.catch(() => undefined);
  try {
    const result = await Promise.race([query, deadline]);
    return result.rows as Row[];
  } finally {
    clearTimeout(timer);
  }
}
