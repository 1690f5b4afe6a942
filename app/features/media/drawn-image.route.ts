import { renderMediaSvg } from "./media.server";
import type { Route } from "./+types/drawn-image.route";

/**
 * Generated images: /media/product/<artNo>-<n>.svg, /media/category/<id>.svg,
 * /media/blog/<slug>-<thumb|hero>.svg, /media/hero/<n>.svg and /media/banner/bye.svg.
 * The same URL always yields the same picture, so browsers may keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const svg = await renderMediaSvg(context.db, params.kind, params.file);
  if (svg == null) {
    return new Response("Afbeelding niet gevonden", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      // An SVG opened directly must not be able to run anything, whatever ends up in it.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
