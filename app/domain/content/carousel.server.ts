import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { carouselSlides } from "~/db/schema";

/** A home-page hero slide as the shopper sees it (spec 1 §3, carousel slide). */
export type CarouselSlide = {
  id: number;
  title: string;
  highlight: string | null;
  text: string | null;
  bgImage: string;
  ctaText: string | null;
  ctaLink: string | null;
};

/** Active slides in the order the admin set (spec 2 §7.3: where active, ordered by sort_order). */
export async function listActiveSlides(db: Db): Promise<CarouselSlide[]> {
  return db
    .select({
      id: carouselSlides.id,
      title: carouselSlides.title,
      highlight: carouselSlides.highlight,
      text: carouselSlides.text,
      bgImage: carouselSlides.bgImage,
      ctaText: carouselSlides.ctaText,
      ctaLink: carouselSlides.ctaLink,
    })
    .from(carouselSlides)
    .where(eq(carouselSlides.isActive, true))
    .orderBy(asc(carouselSlides.sortOrder), asc(carouselSlides.id));
}
