import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { TEMP_SUFFIX, writeFileAtomically } from "~/shared/files/write-file.server";
import { checkStorageKey, type Storage, type StorageArea } from "./storage";

/** Each area's folder under DATA_DIR: where the shop kept these files before there was one store. */
const AREA_FOLDERS: Record<StorageArea, string[]> = {
  images: ["images"],
  carousel: ["uploads", "carousel"],
  feeds: ["supplier-feeds"],
};

export const localAreaDir = (dataDir: string, area: StorageArea) => path.resolve(dataDir, ...AREA_FOLDERS[area]);

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** One area's files in one folder; the content type follows from the extension. */
export class LocalStorage implements Storage {
  constructor(
    readonly area: StorageArea,
    readonly dir: string,
  ) {}

  private file(key: string): string {
    return path.join(this.dir, checkStorageKey(key));
  }

  localPath(key: string): string {
    return this.file(key);
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const target = this.file(key);
    await mkdir(this.dir, { recursive: true });
    // Never half a file, and no temporary file left when the disk is full.
    await writeFileAtomically(target, body);
  }

  async putStream(key: string, body: Readable): Promise<number> {
    const target = this.file(key);
    await mkdir(this.dir, { recursive: true });
    // Same as put: written beside the target and renamed into place, removed when anything fails.
    const temp = path.join(this.dir, `.${key}.${randomUUID()}${TEMP_SUFFIX}`);
    let bytes = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, count, createWriteStream(temp, { flags: "wx" }));
      await rename(temp, target);
      return bytes;
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    try {
      return { body: await readFile(this.file(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getStream(key: string): Promise<{ body: Readable; contentType: string; bytes: number } | null> {
    const file = this.file(key);
    try {
      const info = await stat(file);
      return { body: createReadStream(file), contentType: contentTypeOf(key), bytes: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.file(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
