import path from "node:path";
import type { Config } from "../app/config/env.server";
import { carouselUploadDir } from "../app/domain/media/uploads.server";
import { feedFilesDir } from "../app/domain/supplier-feed/runs.server";
import type { Logger } from "../app/lib/logger.server";
import { sweepStaleTempFiles } from "../app/shared/files/write-file.server";

/**
 * A temporary file younger than this may be another instance's write in progress (instances on
 * PostgreSQL can share DATA_DIR); every write the shop makes takes seconds at most.
 */
export const STALE_TEMP_FILE_MS = 10 * 60_000;

/**
 * At start: removes the temporary files that writes broken off by a crash (kill -9, power) left in
 * the folders the shop writes to. A folder that cannot be swept is logged, never fatal.
 */
export async function sweepTempFilesAtStart(
  config: Pick<Config, "dataDir" | "imageStorage">,
  logger: Logger,
): Promise<void> {
  const dirs = [carouselUploadDir(config.dataDir), feedFilesDir(config.dataDir)];
  if (config.imageStorage.kind !== "s3") dirs.push(path.resolve(config.dataDir, "images"));
  for (const dir of dirs) {
    try {
      const removed = await sweepStaleTempFiles(dir, STALE_TEMP_FILE_MS);
      if (removed > 0) logger.info({ dir, removed }, "removed stale temporary files");
    } catch (err) {
      logger.warn({ err, dir }, "could not sweep stale temporary files");
    }
  }
}
