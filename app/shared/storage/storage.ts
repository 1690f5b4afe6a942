import type { Readable } from "node:stream";

/**
 * The parts of the shop's file store: each is a folder of its own on disk (the layout the shop has
 * always had, so existing files stay where they are) and a key prefix in an S3-compatible bucket.
 */
export const STORAGE_AREAS = ["images", "carousel", "feeds"] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/**
 * Where the shop keeps every file it writes and must find again, possibly on another instance:
 * migrated product images, carousel uploads, supplier feed files (ADR 0041). One area's store: keys
 * are flat file names ([a-z0-9.-] only, checked by every implementation), so a key can never reach
 * outside its area. The local folder is the default; an S3-compatible bucket implements the same calls.
 */
export interface Storage {
  readonly area: StorageArea;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores what `body` gives until it ends, never holding more than one part of it in memory (a feed
   * of a gigabyte): the object appears whole or not at all. Resolves with the number of bytes
   * stored; rejects (and stores nothing) when `body` fails or the store refuses.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** The object, or null when there is none. For small objects (images); large ones: getStream. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** The object as a stream, or null when there is none. */
  getStream(key: string): Promise<{ body: Readable; contentType: string; bytes: number | null } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>;
  /**
   * The object's file on this machine when the store is a local folder (readers that need to open a
   * file more than once use it as it is), null for a remote store.
   */
  localPath(key: string): string | null;
}

const KEY = /^[a-z0-9][a-z0-9.-]{0,199}$/;

export class StorageKeyError extends Error {
  override name = "StorageKeyError";
}

export function checkStorageKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
