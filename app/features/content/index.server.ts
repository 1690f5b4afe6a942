// Server services of the shop's own pages: blog posts and the sitemap's URLs.
export { getBlogPost, listBlogPosts } from "./blog.server";
export { SITEMAP_PAGE_SIZE, sitemapPageCount, sitemapProductUrls } from "./sitemap.server";
