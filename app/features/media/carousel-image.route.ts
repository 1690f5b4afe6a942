import type { Route } from "./+types/carousel-image.route";
import { readCarouselImage } from "~/features/carousel/index.server";
import { storageFor } from "~/shared/storage/index.server";

/**
 * Slide images the admin uploaded, from the shop's store (DATA_DIR/uploads/carousel, or the bucket
 * every instance shares). Only names the shop gave (a UUID and .jpg/.png/.webp) are looked up. A stored
 * file never changes under its name, so browsers may keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const image = await readCarouselImage(storageFor(context.config, "carousel"), params.file);
  if (!image) {
    return new Response("Afbeelding niet gevonden", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.type,
      "Content-Length": String(image.body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'",
      // X-Content-Type-Options: nosniff comes from the app's security headers (server/app.ts).
    },
  });
}
