import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { carouselSlides } from "~/db/schema";
import type { CarouselSlide } from "./carousel";

export type { CarouselSlide };

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
