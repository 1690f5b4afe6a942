import type { Config } from "~/shared/config/env.server";
import { LocalStorage, localAreaDir } from "./local-storage.server";
import { S3Storage } from "./s3-storage.server";
import type { Storage, StorageArea } from "./storage";

export { checkStorageKey, StorageKeyError, STORAGE_AREAS, type Storage, type StorageArea } from "./storage";
export { LocalStorage, localAreaDir } from "./local-storage.server";
export { S3Storage, S3StorageError, type S3Settings } from "./s3-storage.server";
export { withLocalFile } from "./local-file.server";

export type StorageConfig = { dataDir: string; storage?: Config["storage"] };

const stores = new Map<string, Storage>();

/**
 * The shop's store for one area of its files (ADR 0041), one per place and process: the
 * S3-compatible bucket when STORAGE=s3 (every instance sees the same files), else a folder under
 * DATA_DIR.
 */
export function storageFor(config: StorageConfig, area: StorageArea): Storage {
  const s3 = config.storage?.kind === "s3" ? config.storage : null;
  const place = s3
    ? `s3:${s3.endpoint}/${s3.bucket}/${s3.prefix}${area}/ as ${s3.accessKeyId}`
    : `local:${localAreaDir(config.dataDir, area)}`;
  let store = stores.get(place);
  if (!store) {
    store = s3 ? new S3Storage(area, s3) : new LocalStorage(area, localAreaDir(config.dataDir, area));
    stores.set(place, store);
  }
  return store;
}
