import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where the shop keeps files it owns (migrated product images). Keys are flat file names
 * ([a-z0-9-.] only, checked by every implementation), so a key can never reach outside the store.
 * The local folder is the default; an S3-compatible store implements the same four calls
 * (ADR image-storage). Objects are written once under a content-addressed key and never changed.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9.-]{0,199}$/;

export class StorageKeyError extends Error {
  override name = "StorageKeyError";
}

export function checkStorageKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

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
    // Written beside and renamed, so a reader never sees half a file.
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, body);
    await rename(temp, target);
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

/** The shop's store for its configuration (one per data directory and process). */
export function storageFor(config: { dataDir: string }): Storage {
  const dir = path.resolve(config.dataDir, "images");
  let store = stores.get(dir);
  if (!store) {
    store = new LocalStorage(dir);
    stores.set(dir, store);
  }
  return store;
}
