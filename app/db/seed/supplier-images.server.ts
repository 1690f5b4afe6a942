import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { TEST_SUPPLIER_IMAGE_PATH } from "~/features/fulfilment/index.server";
import { FIRST_ART_NO } from "./product-generator";

/** Every 20th demo product keeps its images on the test supplier's site (32 of the 640). */
export const SUPPLIER_IMAGE_EVERY = 20;

/**
 * Gives the image migration tool work in the embedded demo: every 20th product's generated images
 * (/media/product/<artNo>-<n>.svg) become photos on the built-in test supplier
 * (/api/test-supplier/images/<artNo>-<n>.jpg, .png for even n), as a supplier feed would deliver
 * them. The first of them also gets an image the supplier does not have (404), so a migration shows
 * an error too. Stored without an origin: the shop's address is PUBLIC_URL of the start that uses
 * them (browser and image migration resolve them then), not of the start that seeded.
 */
export async function pointDemoImagesAtTestSupplier(tx: DbExecutor): Promise<number> {
  const prefix = TEST_SUPPLIER_IMAGE_PATH;
  const result = await tx.execute(sql`
    UPDATE products SET images = (
      SELECT array_agg(
        regexp_replace(u.url, '^/media/product/(\\d+)-(\\d)\\.svg$',
          ${prefix} || '\\1-\\2.' || CASE WHEN (substring(u.url from '-(\\d)\\.svg$')::int) % 2 = 0 THEN 'png' ELSE 'jpg' END)
        ORDER BY u.n)
      FROM unnest(images) WITH ORDINALITY AS u(url, n)
    ) || CASE WHEN art_no = ${FIRST_ART_NO} THEN ARRAY[${prefix} || art_no || '-9.jpg'] ELSE '{}'::text[] END
    WHERE (art_no - ${FIRST_ART_NO}) % ${SUPPLIER_IMAGE_EVERY} = 0
      AND cardinality(images) > 0
      AND images[1] ~ '^/media/product/\\d+-\\d\\.svg$'
    RETURNING art_no`);
  return Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);
}
