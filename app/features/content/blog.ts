/** Blog post shapes shared by the server queries and the components (spec 1 §3, blog post). */
export type BlogPostSummary = {
  slug: string;
  title: string;
  excerpt: string;
  /** ISO date (yyyy-mm-dd). */
  publishedOn: string;
  author: string;
  thumbnail: string | null;
};

export type BlogPost = BlogPostSummary & {
  featuredImage: string | null;
  /** As stored; render only through sanitizeSupplierHtml. */
  contentHtml: string;
};
