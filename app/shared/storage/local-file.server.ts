import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Storage } from "./storage";

/**
 * Where a remote object is copied for a reader that needs a file: the machine's own temporary
 * folder, never DATA_DIR (instances may share it, and another instance's start-up sweep must not
 * remove a copy that is being read). Swept at start (server/temp-files.ts).
 */
export const scratchDir = () => path.join(os.tmpdir(), "trapkracht-scratch");

/**
 * Runs `read` with the object as a file on this machine: a local store's own file, or a remote
 * object streamed (never whole in memory) into a scratch file that is removed afterwards.
 * Resolves to null, without calling `read`, when there is no such object.
 */
export async function withLocalFile<T>(
  storage: Storage,
  key: string,
  read: (file: string) => Promise<T>,
): Promise<{ value: T } | null> {
  const own = storage.localPath(key);
  if (own !== null) {
    if (!(await storage.exists(key))) return null;
    return { value: await read(own) };
  }
  const object = await storage.getStream(key);
  if (!object) return null;
  const dir = scratchDir();
  const file = path.join(dir, `${randomUUID()}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    await pipeline(object.body, createWriteStream(file, { flags: "wx" }));
    return { value: await read(file) };
  } finally {
    object.body.destroy();
    await rm(file, { force: true });
  }
}
