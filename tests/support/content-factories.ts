import type { Db } from "../../app/db/client.server";
import { blogPosts, carouselSlides } from "../../app/db/schema";

let nextPost = 1;

export async function createBlogPost(db: Db, overrides: Partial<typeof blogPosts.$inferInsert> = {}) {
  const n = nextPost++;
  const [row] = await db
    .insert(blogPosts)
    .values({
      slug: `testpost-${n}`,
      title: `Testpost ${n}`,
      excerpt: `Samenvatting van testpost ${n}`,
      publishedOn: "2026-03-12",
      author: "Sanne Visser",
      thumbnail: `/media/blog/test-${n}-thumb.jpg`,
      featuredImage: `/media/blog/test-${n}-hero.jpg`,
      contentHtml: `<p>Inhoud van testpost ${n}</p>`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createSlide(db: Db, overrides: Partial<typeof carouselSlides.$inferInsert> = {}) {
  const [row] = await db
    .insert(carouselSlides)
    .values({
      title: "Slide",
      bgImage: "/media/carousel/slide.jpg",
      text: "Tekst",
      ctaText: "Bekijk",
      ctaLink: "/products",
      highlight: "Nieuw",
      isActive: true,
      sortOrder: 0,
      ...overrides,
    })
    .returning();
  return row!;
}
