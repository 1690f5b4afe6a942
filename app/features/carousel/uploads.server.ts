import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { MAX_PIXELS } from "~/features/image-migration/index.server";
import { isNoSpaceError } from "~/shared/files/write-file.server";
import type { Storage } from "~/shared/storage/index.server";

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

/** The only names the shop gives (and serves): a random UUID and the detected type's extension. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/**
 * The size the home page's carousel shows a slide at (the <img> in hero-carousel.tsx is 1920 × 1080,
 * covering the slide): an upload is scaled down to fit inside it, never up.
 */
export const CAROUSEL_IMAGE_SIZE = { width: 1920, height: 1080 } as const;

export type StoreUploadResult =
  { ok: true; url: string; bytes: number; type: string } | { ok: false; status: 400 | 413 | 507; message: string };

const NOT_READABLE = "The file could not be read as an image";

/**
 * Checks and keeps an uploaded slide image; the answer's url is what the slide stores. The image is
 * decoded and encoded anew as WebP at the carousel's size: what visitors get is never bigger than
 * the carousel shows, and carries none of the original's metadata (camera, GPS position).
 */
export async function storeCarouselImage(storage: Storage, file: File): Promise<StoreUploadResult> {
  if (file.size === 0) return { ok: false, status: 400, message: "The file is empty" };
  if (file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, status: 413, message: "The file is larger than 5 MB" };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!detectImageType(bytes)) return { ok: false, status: 400, message: "Only JPEG, PNG and WebP images are allowed" };
  const encoded = await encodeForCarousel(bytes);
  if (!encoded.ok) return encoded;
  const name = `${randomUUID()}.webp`;
  try {
    await storage.put(name, encoded.body, UPLOAD_TYPES.webp);
  } catch (error) {
    if (!isNoSpaceError(error)) throw error;
    return {
      ok: false,
      status: 507,
      message: "The server's disk is full; the image was not saved. Free some space and try again",
    };
  }
  return { ok: true, url: `/uploads/carousel/${name}`, bytes: encoded.body.length, type: UPLOAD_TYPES.webp };
}

/**
 * The header tells the picture's size before anything is decoded: a small file can claim a huge
 * picture (30 000 × 30 000 pixels in 2.6 MB), so that is refused first, with the same pixel cap as
 * the image migration.
 */
async function encodeForCarousel(
  bytes: Uint8Array,
): Promise<{ ok: true; body: Buffer } | { ok: false; status: 400; message: string }> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read here, so no limit yet: the size it claims is checked below.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    return { ok: false, status: 400, message: NOT_READABLE };
  }
  if (!width || !height) return { ok: false, status: 400, message: NOT_READABLE };
  if (width * height > MAX_PIXELS) {
    return {
      ok: false,
      status: 400,
      message: `The image has too many pixels (${width} × ${height}); at most ${MAX_PIXELS / 1_000_000} megapixels, for example ${CAROUSEL_IMAGE_SIZE.width} × ${CAROUSEL_IMAGE_SIZE.height}`,
    };
  }
  try {
    const body = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ ...CAROUSEL_IMAGE_SIZE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, body };
  } catch {
    return { ok: false, status: 400, message: NOT_READABLE };
  }
}

/**
 * A kept image by its stored name from the shop's store ("carousel" area: DATA_DIR/uploads/carousel or
 * the shared bucket), or null (unknown or malformed names never reach the store).
 */
export async function readCarouselImage(
  storage: Storage,
  name: string,
): Promise<{ body: Buffer; type: string } | null> {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const stored = await storage.get(name);
  return stored ? { body: stored.body, type: UPLOAD_TYPES[match[1] as UploadExtension] } : null;
}
