import { randomUUID } from "node:crypto";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** The ending of every temporary file the shop writes; sweepStaleTempFiles removes what is left. */
export const TEMP_SUFFIX = ".tmp";

/**
 * Writes the file under a temporary name beside it and renames it into place, so a reader never
 * sees half a file. When the write fails (a full disk fails half-way through), the partial
 * temporary file is removed before the error goes on: nothing is left behind.
 */
export async function writeFileAtomically(target: string, body: Uint8Array): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}${TEMP_SUFFIX}`);
  try {
    await writeFile(temp, body, { flag: "wx" });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * No room to keep the file: the disk or the quota is full (ENOSPC, EDQUOT), or the file would pass
 * the process's file size limit (EFBIG). The operator must make room; trying again does not help.
 */
export function isNoSpaceError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG";
}

/**
 * Removes temporary files in `dir` older than `olderThanMs` (left by a process that was killed or
 * ran out of disk before the fix). Younger ones may belong to another instance writing right now.
 * A missing folder is fine; returns how many were removed.
 */
export async function sweepStaleTempFiles(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(TEMP_SUFFIX)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
