import { asc, desc, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, productCategories, products } from "~/db/schema";
import { countListedProducts } from "~/domain/catalog/listed-counts.server";

/** Google's limit is 50 000 URLs a sitemap; we stay well below it. */
export const SITEMAP_PAGE_SIZE = 45_000;

export type SitemapUrl = { loc: string; lastmod?: string };

/** Pages that are always there, in the order a visitor meets them. */
export const STATIC_PATHS = [
  "/",
  "/products",
  "/sportvoeding",
  "/onderhoud",
  "/fietsonderdelen",
  "/blog",
  "/contact",
  "/about",
  "/privacy",
  "/terms",
];

/**
 * The sitemap is an index of pages: page 1 holds the static pages, categories and blog posts,
 * pages 2… the listed products in art_no order, SITEMAP_PAGE_SIZE a page.
 */
export async function sitemapPageCount(db: Db): Promise<number> {
  return 1 + Math.ceil((await countListedProducts(db)) / SITEMAP_PAGE_SIZE);
}

/** Static pages, category pages and blog posts, as site paths. */
export async function sitemapContentUrls(db: Db): Promise<SitemapUrl[]> {
  const [categories, posts] = await Promise.all([
    db.select({ id: productCategories.id }).from(productCategories).orderBy(asc(productCategories.id)),
    db
      .select({ slug: blogPosts.slug, publishedOn: blogPosts.publishedOn })
      .from(blogPosts)
      .orderBy(desc(blogPosts.publishedOn)),
  ]);
  return [
    ...STATIC_PATHS.map((loc) => ({ loc })),
    ...categories.map((c) => ({ loc: `/products?cat=${c.id}` })),
    ...posts.map((p) => ({ loc: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.publishedOn })),
  ];
}

/** One page (≥ 2) of listed products, walking the primary-key index: a few milliseconds even at 100 000 rows. */
export async function sitemapProductUrls(db: Db, page: number): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ artNo: products.artNo, updatedAt: products.updatedAt })
    .from(products)
    .where(sql`${products.isListed}`)
    .orderBy(asc(products.artNo))
    .limit(SITEMAP_PAGE_SIZE)
    .offset((page - 2) * SITEMAP_PAGE_SIZE);
  return rows.map((r) => ({ loc: `/product/${r.artNo}`, lastmod: new Date(r.updatedAt).toISOString().slice(0, 10) }));
}

const xmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => xmlEntities[c]!);
}

export function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, pages: number): string {
  const body = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
