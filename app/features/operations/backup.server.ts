import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { lockDataDir } from "~/db/data-dir-lock.server";

const run = promisify(execFile);

/** A backup or restore that cannot go ahead; the message says why and what to do (shown as it is). */
export class BackupError extends Error {}

/** The embedded database's own folder inside DATA_DIR (as app/db/client.server.ts opens it). */
export function pgliteDir(dataDir: string): string {
  return path.resolve(dataDir, "pglite");
}

function isEmptyOrMissing(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Written under a temporary name and renamed: a backup file is whole, or not there. */
function writeWhole(file: string, data: Uint8Array) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (existsSync(file)) throw new BackupError(`${file} bestaat al; kies een andere bestandsnaam.`);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * A copy of the embedded database as a gzipped tar of its folder (PGlite's dumpDataDir). It takes
 * the folder's lock first: while the shop runs, the folder is locked and the backup refuses
 * (DataDirInUseError: stop the shop first). With the lock held nobody writes, so the copy is
 * consistent. Answers the number of bytes written.
 */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new BackupError(`In ${dir} staat geen database.`);
  const lock = lockDataDir(dir);
  try {
    const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    try {
      // A checkpoint first: every committed change is in the data files, not only in the WAL.
      await client.exec("checkpoint");
      const dump = await client.dumpDataDir("gzip");
      const bytes = new Uint8Array(await dump.arrayBuffer());
      writeWhole(file, bytes);
      return bytes.length;
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Restores a backup made by backupPglite into DATA_DIR/pglite. The folder must be empty or absent;
 * with `force` an existing one is moved aside (pglite.before-restore-<time>), never deleted. Takes
 * the folder's lock: refuses while the shop runs on it. Answers where an older folder went.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  { force }: { force: boolean },
): Promise<{ movedAside: string | null }> {
  if (!existsSync(file)) throw new BackupError(`Het bestand ${file} bestaat niet.`);
  const dir = pgliteDir(dataDir);
  const lock = lockDataDir(dir);
  try {
    let movedAside: string | null = null;
    if (!isEmptyOrMissing(dir)) {
      if (!force) {
        throw new BackupError(
          `${dir} bevat al een database. Zet de backup terug in een lege DATA_DIR, of gebruik --force: ` +
            "dan wordt de bestaande map eerst opzij gezet (niet verwijderd).",
        );
      }
      movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(dir, movedAside);
    }
    mkdirSync(dir, { recursive: true });
    const client = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: { pg_trgm },
    });
    await client.close();
    return { movedAside };
  } finally {
    lock.release();
  }
}

/** Whether pg_dump and pg_restore are on the PATH (the PostgreSQL client tools). */
export async function postgresToolsPresent(): Promise<boolean> {
  try {
    await run("pg_dump", ["--version"]);
    await run("pg_restore", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/**
 * pg_dump in its custom format: a consistent snapshot (one repeatable-read transaction) while the
 * shop keeps running. The pg_dump version must be at least the server's.
 */
export async function backupPostgres(url: string, file: string): Promise<void> {
  if (existsSync(file)) throw new BackupError(`${file} bestaat al; kies een andere bestandsnaam.`);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${temporary}`,
      `--dbname=${url}`,
    ]);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * pg_restore into the database of `url`, which must have no tables of its own yet (a new, empty
 * database); with `force` the existing objects are dropped first (--clean --if-exists).
 */
export async function restorePostgres(url: string, file: string, { force }: { force: boolean }): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`Het bestand ${file} bestaat niet.`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let tables: number;
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    tables = rows[0]!.n;
  } finally {
    await client.end();
  }
  if (tables > 0 && !force) {
    throw new BackupError(
      `De database heeft al ${tables} tabel(len). Zet de backup terug in een nieuwe, lege database ` +
        "(createdb), of gebruik --force: dan worden de bestaande tabellen eerst verwijderd.",
    );
  }
  await run("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    ...(force && tables > 0 ? ["--clean", "--if-exists"] : []),
    `--dbname=${url}`,
    file,
  ]);
}
