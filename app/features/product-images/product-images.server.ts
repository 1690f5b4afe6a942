import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";
import {
  convertToWebp,
  MAIN_WIDTH,
  MAX_PIXELS,
  NotAnImageError,
  storedImageKey,
  storedImageUrl,
} from "~/features/image-migration/index.server";
import { detectImageType } from "~/features/carousel/index.server";
import type { Storage } from "~/shared/storage/index.server";
import { isNoSpaceError } from "~/shared/files/write-file.server";
import { MAX_PRODUCT_IMAGE_BYTES } from "./upload-answer";

export type StoreProductImageResult =
  { ok: true; url: string; bytes: number } | { ok: false; status: 400 | 404 | 413 | 507; message: string };

export async function productExists(db: Db, artNo: number): Promise<boolean> {
  const [row] = await db.select({ artNo: products.artNo }).from(products).where(eq(products.artNo, artNo)).limit(1);
  return Boolean(row);
}

/**
 * An image the admin uploads for a product, through the same pipeline as migrated images
 * (image-migration/convert.server.ts): decoded, re-encoded as WebP at 400 and 800 px wide without
 * metadata, and kept in the shop's Storage under `<artNo>-<hash>-<width>.webp`, served by
 * /media/images/:file. The answer's url (the 800 px one) goes into the product's image list.
 */
export async function storeProductImage(storage: Storage, artNo: number, file: File): Promise<StoreProductImageResult> {
  if (file.size === 0) return { ok: false, status: 400, message: "The file is empty" };
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return { ok: false, status: 413, message: "The file is larger than 5 MB" };
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!detectImageType(bytes)) {
    return { ok: false, status: 400, message: "Only JPEG, PNG and WebP images can be uploaded" };
  }
  let converted;
  try {
    converted = await convertToWebp(bytes);
  } catch (error) {
    if (!(error instanceof NotAnImageError)) throw error;
    return {
      ok: false,
      status: 400,
      message: `The file could not be read as an image (at most ${MAX_PIXELS / 1_000_000} megapixels)`,
    };
  }
  try {
    for (const variant of converted.variants) {
      await storage.put(storedImageKey(artNo, converted.hash, variant.width), variant.body, "image/webp");
    }
  } catch (error) {
    if (!isNoSpaceError(error)) throw error;
    return { ok: false, status: 507, message: "The server's disk is full; the image was not stored" };
  }
  const main = converted.variants.find((v) => v.width === MAIN_WIDTH)!;
  return { ok: true, url: storedImageUrl(storedImageKey(artNo, converted.hash, MAIN_WIDTH)), bytes: main.body.length };
}
