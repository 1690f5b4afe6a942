import { and, asc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { carouselSlides } from "~/db/schema";
import { amsterdamDay } from "./slide-schedule";
import type { CarouselSlide } from "./carousel";

export type { CarouselSlide };

/**
 * Active slides in the order the admin set (spec 2 §7.3: where active, ordered by sort_order), and
 * of those only the ones within their start and end day on today's Amsterdam date (ADR 0038; the
 * rule is features/carousel slideTiming). `now` is the moment asked about.
 */
export async function listActiveSlides(db: Db, now: Date = new Date()): Promise<CarouselSlide[]> {
  const today = amsterdamDay(now);
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
    .where(
      and(
        eq(carouselSlides.isActive, true),
        or(isNull(carouselSlides.startsOn), lte(carouselSlides.startsOn, today)),
        or(isNull(carouselSlides.endsOn), gte(carouselSlides.endsOn, today)),
      ),
    )
    .orderBy(asc(carouselSlides.sortOrder), asc(carouselSlides.id));
}
