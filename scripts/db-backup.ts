/**
 * npm run db:backup -- [FILE]
 * A backup of the configured database (ADR 0040, docs/operations.md "Backups"):
 * - embedded PGlite (DATA_DIR): a gzipped tar of DATA_DIR/pglite. Stop the shop first: the folder is
 *   locked while the shop runs, and the script refuses (a copy taken while another process writes
 *   would not be consistent). Takes a few seconds; start the shop again afterwards.
 * - PostgreSQL (DATABASE_URL): pg_dump in its custom format, while the shop keeps running.
 * FILE defaults to backups/trapkracht-<time>.tar.gz (PGlite) or .dump (PostgreSQL); never overwritten.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../app/shared/config/env.server";
import { DataDirInUseError } from "../app/db/data-dir-lock.server";
import { BackupError, backupPglite, backupPostgres } from "../app/features/operations/index.server";

const USAGE = "Gebruik: npm run db:backup -- [BESTAND]";

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h") || args.length > 1 || args[0]?.startsWith("-")) {
    console.log(USAGE);
    process.exit(args.includes("--help") || args.includes("-h") ? 0 : 1);
  }
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(
    args[0] ?? path.join("backups", `trapkracht-${stamp}.${config.databaseUrl ? "dump" : "tar.gz"}`),
  );
  const started = Date.now();
  if (config.databaseUrl) {
    await backupPostgres(config.databaseUrl, file);
    console.log(`Backup van PostgreSQL geschreven naar ${file} (${Date.now() - started} ms).`);
  } else {
    const bytes = await backupPglite(config.dataDir, file);
    console.log(
      `Backup van de ingebouwde database geschreven naar ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${Date.now() - started} ms).`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    console.error(
      `${error.message}\nEen backup van de ingebouwde database kan alleen als de winkel stil staat: ` +
        "stop de winkel, maak de backup en start de winkel weer (docs/operations.md, Backups).",
    );
  } else if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error("Backup mislukt:", error);
  process.exit(1);
});
