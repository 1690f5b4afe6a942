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
