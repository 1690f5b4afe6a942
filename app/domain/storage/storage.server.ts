import { access, mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Config } from "~/config/env.server";
import { writeFileAtomically } from "~/shared/files/write-file.server";
import { S3Storage } from "./s3-storage.server";
import { checkStorageKey, type Storage } from "./storage";

export { checkStorageKey, StorageKeyError, type Storage } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

/** Files in one folder (default DATA_DIR/images); the content type follows from the extension. */
export class LocalStorage implements Storage {
  constructor(readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, checkStorageKey(key));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(this.dir, { recursive: true });
    // Never half a file, and no temporary file left when the disk is full.
    await writeFileAtomically(target, body);
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    try {
      const body = await readFile(this.file(key));
      return { body, contentType: CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream" };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.file(key));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

const stores = new Map<string, Storage>();

/**
 * The shop's store for its configuration (one per place and process): the S3-compatible bucket
 * when IMAGE_STORAGE=s3, else DATA_DIR/images.
 */
export function storageFor(config: { dataDir: string; imageStorage?: Config["imageStorage"] }): Storage {
  const s3 = config.imageStorage?.kind === "s3" ? config.imageStorage : null;
  const place = s3 ? `s3:${s3.endpoint}/${s3.bucket}/${s3.prefix}` : path.resolve(config.dataDir, "images");
  let store = stores.get(place);
  if (!store) {
    store = s3 ? new S3Storage(s3) : new LocalStorage(place);
    stores.set(place, store);
  }
  return store;
}
