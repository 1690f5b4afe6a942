import type { Route } from "./+types/sitemap.route";
import { sitemapContentUrls, sitemapIndexXml, sitemapPageCount, sitemapProductUrls, urlsetXml } from "./sitemap.server";

const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/**
 * /sitemap.xml is a sitemap index; /sitemap.xml?page=1 lists pages, categories and blog posts,
 * ?page=2… the products, one range of 10 000 ArtNos a page (sitemap.server.ts), so any catalogue
 * stays within Google's limits and every page costs the same.
 * URLs are absolute from PUBLIC_URL, never from the request's Host header.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.config.publicUrl;
  const pageParam = new URL(request.url).searchParams.get("page");
  const pages = await sitemapPageCount(context.db);
  if (pageParam === null) return new Response(sitemapIndexXml(origin, pages), { headers });

  const page = /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : NaN;
  if (!(page >= 1 && page <= pages)) {
    return new Response("Niet gevonden", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const urls = page === 1 ? await sitemapContentUrls(context.db) : await sitemapProductUrls(context.db, page);
  return new Response(urlsetXml(origin, urls), { headers });
}
