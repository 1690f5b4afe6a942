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
