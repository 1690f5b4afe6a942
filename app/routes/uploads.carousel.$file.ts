import type { Route } from "./+types/uploads.carousel.$file";
import { readCarouselImage } from "~/domain/media/uploads.server";

/**
 * Slide images the admin uploaded, from <DATA_DIR>/uploads/carousel. Only names the shop gave
 * (a UUID and .jpg/.png/.webp) are looked up, so no path can reach outside that folder. A stored
 * file never changes under its name, so browsers may keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const image = await readCarouselImage(context.config.dataDir, params.file);
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
