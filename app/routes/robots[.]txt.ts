import type { Route } from "./+types/robots[.]txt";

/** Crawl everything public; keep the admin, cart, checkout and JSON endpoints out of search results. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /api/",
    "",
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
