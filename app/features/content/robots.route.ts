import type { Route } from "./+types/robots.route";

/** The maintenance guard (server/maintenance-build.ts) lets this loader give its own closed answer. */
export const handle = { answersDuringMaintenance: true };

/**
 * While maintenance mode shuts the shop: disallow everything, with 503 and Retry-After, never
 * cached. A 5xx robots.txt makes search engines pause crawling the whole site and look again soon
 * (Google treats it as "all disallowed for now"), and the body says the same to crawlers that only
 * read the text. A 200 "Disallow: /" would instead be cached (up to a day) and keep the shop out of
 * crawls after it reopens.
 */
const CLOSED = "User-agent: *\nDisallow: /\n";

/** Crawl everything public; keep the admin, cart, checkout and JSON endpoints out of search results. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.maintenance.blocked) {
    return new Response(CLOSED, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300", "Cache-Control": "no-store" },
    });
  }
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
