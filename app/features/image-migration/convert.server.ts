import { createHash } from "node:crypto";
import sharp from "sharp";

/**
 * The widths the shop shows product images at: cards (about 300 px wide, 2x on sharp screens → 400
 * is a fair middle) and the product page's carousel (up to about 600 px, 800 for sharp screens).
 * The product's image URL is the largest; the smaller one sits beside it (…-400.webp).
 */
export const IMAGE_WIDTHS = [400, 800] as const;
export const MAIN_WIDTH = 800;

/** Formats accepted as product images (decoded, never trusted by name or content type). */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);

/** Decoding more pixels than this is refused (a small file can claim a huge picture). */
export const MAX_PIXELS = 40_000_000;

export class NotAnImageError extends Error {
  override name = "NotAnImageError";
}

export type ConvertedImage = { hash: string; variants: Array<{ width: number; body: Buffer }> };

/**
 * Checks that the bytes are an image by decoding them, and makes the WebP variants. The hash (of
 * the original bytes) names the stored files, so the same image stored twice is one set of files.
 */
export async function convertToWebp(input: Buffer): Promise<ConvertedImage> {
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
  } catch {
    throw new NotAnImageError("Not an image (the content could not be decoded)");
  }
  if (!format || !ACCEPTED.has(format))
    throw new NotAnImageError(`Not a supported image format (${format ?? "unknown"})`);
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 16);
  const variants: ConvertedImage["variants"] = [];
  for (const width of IMAGE_WIDTHS) {
    try {
      const body = await sharp(input, { limitInputPixels: MAX_PIXELS, animated: false })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      variants.push({ width, body });
    } catch (error) {
      throw new NotAnImageError(`The image could not be decoded: ${(error as Error).message}`);
    }
  }
  return { hash, variants };
}

/** The stored file name of a product image variant, e.g. 10001-3f2a…-800.webp. */
export const storedImageKey = (artNo: number, hash: string, width: number) => `${artNo}-${hash}-${width}.webp`;

/** Where the shop serves a stored image (app/features/media/stored-image.route.ts). */
export const STORED_IMAGE_PREFIX = "/media/images/";
export const storedImageUrl = (key: string) => `${STORED_IMAGE_PREFIX}${key}`;
export { STORED_IMAGE_FILE_PATTERN as STORED_IMAGE_FILE } from "./stored-image-name";
