import type { Route } from "./+types/stored-image.route";
import { STORED_IMAGE_FILE } from "~/features/image-migration/index.server";
import { storageFor } from "~/shared/storage/index.server";

/**
 * Migrated product images: /media/images/<artNo>-<hash>-<width>.webp from the shop's Storage. The
 * name holds the hash of the original, so a URL always means the same bytes (cached for a year).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = params.file;
  const stored = STORED_IMAGE_FILE.test(file) ? await storageFor(context.config, "images").get(file) : null;
  if (!stored) {
    return new Response("Afbeelding niet gevonden", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(stored.body), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stored.body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
