import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** The largest slide image the shop keeps. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The upload route's body limit: the file plus the multipart framing around it. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

export const UPLOAD_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
} as const;

export type UploadExtension = keyof typeof UPLOAD_TYPES;

/**
 * What the file really is, read from its first bytes (never from its name or the browser's
 * Content-Type): JPEG (FF D8 FF), PNG (89 "PNG" 0D 0A 1A 0A) or WebP ("RIFF" …. "WEBP"); else null.
 */
export function detectImageType(bytes: Uint8Array): UploadExtension | null {
  const starts = (sig: number[], at = 0) => sig.every((byte, i) => bytes[at + i] === byte);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return "jpg";
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** Uploaded slide images live in <DATA_DIR>/uploads/carousel, next to the embedded database. */
export function carouselUploadDir(dataDir: string): string {
  return path.resolve(dataDir, "uploads", "carousel");
}

/** The only names the shop gives (and serves): a random UUID and the detected type's extension. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

export type StoreUploadResult =
  { ok: true; url: string; bytes: number; type: string } | { ok: false; status: 400 | 413; message: string };

/** Checks and keeps an uploaded slide image; the answer's url is what the slide stores. */
export async function storeCarouselImage(dataDir: string, file: File): Promise<StoreUploadResult> {
  if (file.size === 0) return { ok: false, status: 400, message: "Het bestand is leeg" };
  if (file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, status: 413, message: "Het bestand is groter dan 5 MB" };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = detectImageType(bytes);
  if (!ext) return { ok: false, status: 400, message: "Alleen JPEG-, PNG- en WebP-afbeeldingen zijn toegestaan" };
  const dir = carouselUploadDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  // Written under a temporary name and renamed: a reader never sees half a file.
  const temp = path.join(dir, `.${name}.tmp`);
  await writeFile(temp, bytes, { flag: "wx" });
  await rename(temp, path.join(dir, name));
  return { ok: true, url: `/uploads/carousel/${name}`, bytes: bytes.length, type: UPLOAD_TYPES[ext] };
}

/** A kept image by its stored name, or null (unknown or malformed names never touch the disk). */
export async function readCarouselImage(dataDir: string, name: string): Promise<{ body: Buffer; type: string } | null> {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  try {
    const body = await readFile(path.join(carouselUploadDir(dataDir), name));
    return { body, type: UPLOAD_TYPES[match[1] as UploadExtension] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
