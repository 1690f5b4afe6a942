import type { Config } from "../app/shared/config/env.server";
import type { Logger } from "../app/shared/logging/logger.server";
import { sweepStaleTempFiles } from "../app/shared/files/write-file.server";
import { localAreaDir, STORAGE_AREAS } from "../app/shared/storage/index.server";
import { scratchDir } from "../app/shared/storage/local-file.server";

/**
 * A temporary file younger than this may be another instance's write in progress (instances on
 * PostgreSQL can share DATA_DIR); every write the shop makes takes seconds at most.
 */
export const STALE_TEMP_FILE_MS = 10 * 60_000;
/**
 * A scratch copy of a remote feed is read for as long as its import runs (a large feed: an hour or
 * more); the folder is this machine's own, so only copies from before a crash are this old.
 */
export const STALE_SCRATCH_FILE_MS = 24 * 60 * 60_000;

/**
 * At start: removes the temporary files that writes broken off by a crash (kill -9, power) left in
 * the folders the shop writes to. A folder that cannot be swept is logged, never fatal.
 */
export async function sweepTempFilesAtStart(
  config: Pick<Config, "dataDir" | "storage">,
  logger: Logger,
): Promise<void> {
  const dirs: [string, number][] =
    config.storage.kind === "s3"
      ? []
      : STORAGE_AREAS.map((area) => [localAreaDir(config.dataDir, area), STALE_TEMP_FILE_MS]);
  dirs.push([scratchDir(), STALE_SCRATCH_FILE_MS]);
  for (const [dir, age] of dirs) {
    try {
      const removed = await sweepStaleTempFiles(dir, age);
      if (removed > 0) logger.info({ dir, removed }, "removed stale temporary files");
    } catch (err) {
      logger.warn({ err, dir }, "could not sweep stale temporary files");
    }
  }
}
