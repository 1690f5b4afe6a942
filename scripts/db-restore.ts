/**
 * npm run db:restore -- BESTAND [--force]
 * Puts a backup of `npm run db:backup` back (ADR 0040, docs/operations.md "Backups"):
 * - embedded PGlite: into DATA_DIR/pglite, which must be empty or absent (a fresh DATA_DIR); with
 *   --force an existing folder is moved aside first, never deleted. The shop must be stopped.
 * - PostgreSQL (DATABASE_URL): pg_restore into that database, which must be empty (createdb); with
 *   --force its existing tables are dropped first.
 * The shop migrates the restored database at its next start, if the backup is older than the code.
 */
import { ConfigError, loadConfig } from "../app/shared/config/env.server";
import { openDatabaseFromConfig } from "../app/db/client.server";
import { DataDirInUseError } from "../app/db/data-dir-lock.server";
import { orders } from "../app/db/schema";
import { BackupError, restorePglite, restorePostgres } from "../app/features/operations/index.server";

const USAGE = "Gebruik: npm run db:restore -- BESTAND [--force]";

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error(USAGE);
    process.exit(1);
  }
  const file = files[0]!;
  const config = loadConfig();
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file, { force });
  } else {
    const { movedAside } = await restorePglite(file, config.dataDir, { force });
    if (movedAside) console.log(`De database die er stond, staat nu in ${movedAside}.`);
  }
  // Open it as the shop would (migrations included) and say what is in it.
  const database = await openDatabaseFromConfig(config);
  try {
    const count = await database.db.$count(orders);
    console.log(`Backup teruggezet (${database.kind}): ${count} bestellingen.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError)
    console.error(`${error.message}\nStop de winkel voordat je een backup terugzet.`);
  else if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error("Terugzetten mislukt:", error);
  process.exit(1);
});
