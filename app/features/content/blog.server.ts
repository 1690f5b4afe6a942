import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts } from "~/db/schema";
import type { BlogPost, BlogPostSummary } from "./blog";

export type { BlogPost, BlogPostSummary };

const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  publishedOn: blogPosts.publishedOn,
  author: blogPosts.author,
  thumbnail: blogPosts.thumbnail,
};

/** Newest first; `limit` for the home page's "latest posts". */
export async function listBlogPosts(db: Db, opts: { limit?: number } = {}): Promise<BlogPostSummary[]> {
  const query = db
    .select(summaryColumns)
    .from(blogPosts)
    .orderBy(desc(blogPosts.publishedOn), desc(blogPosts.id))
    .$dynamic();
  return opts.limit ? query.limit(opts.limit) : query;
}

/** One post by slug, or null when there is none. */
export async function getBlogPost(db: Db, slug: string): Promise<BlogPost | null> {
  const [row] = await db
    .select({ ...summaryColumns, featuredImage: blogPosts.featuredImage, contentHtml: blogPosts.contentHtml })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  return row ?? null;
}
