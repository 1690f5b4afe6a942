import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema";

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

export type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined = in memory; loadDataDir = start from a dumped (already migrated) template. */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover) emits 'error' on the pool; without a
    // listener Node would crash the process. The pool replaces the connection on the next query.
    pool.on("error", (error) => {
      console.error(JSON.stringify({ level: 50, msg: "idle database connection lost", err: error.message }));
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
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

export function openDatabaseFromConfig(config: { databaseUrl: string | undefined; dataDir: string }) {
  return config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl })
    : openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") });
}

