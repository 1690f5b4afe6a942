import { asc, desc, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, productCategories } from "~/db/schema";
import { rowsOf } from "~/db/rows.server";

/**
 * ArtNos a product page of the sitemap covers. Google allows 50 000 URLs a sitemap; 10 000 keeps a
 * page's render near 50 ms (45 000 URLs cost some 250 ms to read, write and compress at a million
 * products) and a million products in about 100 pages.
 */
export const SITEMAP_PAGE_SIZE = 10_000;

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
 * pages 2… the listed products by art_no. A product page covers one range of SITEMAP_PAGE_SIZE
 * consecutive ArtNos (an ArtNo is a unique integer, so a range never holds more URLs than that), and
 * only ranges that hold a listed product get a page. Reading a page is then a seek on the primary
 * key, never an OFFSET past the products of the pages before it (1 s for the last page at a
 * million products).
 */
export async function sitemapPageCount(db: Db): Promise<number> {
  return 1 + (await productRanges(db)).length;
}

/**
 * The first ArtNo range of each non-empty page, in order: a skip scan that probes the primary key
 * once per range (about 100 probes at a million products), not a walk over every product.
 */
async function productRanges(db: Db): Promise<number[]> {
  const rows = rowsOf<{ r: number }>(
    await db.execute(sql`
      WITH RECURSIVE ranges(r) AS (
        SELECT (SELECT art_no FROM products WHERE is_listed ORDER BY art_no LIMIT 1) / ${SITEMAP_PAGE_SIZE}
        UNION ALL
        SELECT (SELECT art_no FROM products
                WHERE is_listed AND art_no >= (ranges.r + 1) * ${SITEMAP_PAGE_SIZE}
                ORDER BY art_no LIMIT 1) / ${SITEMAP_PAGE_SIZE}
        FROM ranges WHERE ranges.r IS NOT NULL
      )
      SELECT r FROM ranges WHERE r IS NOT NULL`),
  );
  return rows.map((row) => Number(row.r));
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

/**
 * One page (≥ 2) of listed products: one ArtNo range, read in order from the primary key. The date
 * is formatted by the database (UTC, as before): parsing 10 000 timestamps in JavaScript cost more
 * than the query.
 */
export async function sitemapProductUrls(db: Db, page: number): Promise<SitemapUrl[]> {
  const range = (await productRanges(db))[page - 2];
  if (range === undefined) return [];
  const rows = rowsOf<{ art_no: number; lastmod: string }>(
    await db.execute(sql`
      SELECT art_no, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod
      FROM products
      WHERE is_listed AND art_no >= ${range * SITEMAP_PAGE_SIZE} AND art_no < ${(range + 1) * SITEMAP_PAGE_SIZE}
      ORDER BY art_no`),
  );
  return rows.map((r) => ({ loc: `/product/${r.art_no}`, lastmod: r.lastmod }));
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
