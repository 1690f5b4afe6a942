import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { renderMediaSvg } from "~/features/media/index.server";

/** /api/test-supplier/images/<artNo>-<n>.jpg|png: the test supplier's product photos (n 1 to 3). */
export const TEST_SUPPLIER_IMAGE_PATH = "/api/test-supplier/images/";
const FILE = /^(\d{1,9})-([1-3])\.(jpg|png)$/;

const cache = new Map<string, { body: Buffer; contentType: string }>();
const CACHE_LIMIT = 200;

/**
 * A real JPEG or PNG for a product, made from the shop's generated SVG of that product (so the same
 * URL always gives the same picture), as a supplier's site would serve it. Null: no such image.
 */
export async function testSupplierImage(db: Db, file: string): Promise<{ body: Buffer; contentType: string } | null> {
  const match = FILE.exec(file);
  if (!match) return null;
  const cached = cache.get(file);
  if (cached) return cached;
  const svg = await renderMediaSvg(db, "product", `${match[1]}-${match[2]}.svg`);
  if (svg == null) return null;
  const image = sharp(Buffer.from(svg)).resize({ width: 900 }).flatten({ background: "#ffffff" });
  const result =
    match[3] === "jpg"
      ? { body: await image.jpeg({ quality: 82 }).toBuffer(), contentType: "image/jpeg" }
      : { body: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: "image/png" };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(file, result);
  return result;
}
