// Server services of the home carousel's slide rules.
export { checkSlideLink, describeSlideLinks, searchSlideLinks } from "./link-options.server";
// The slides the home page shows today.
export { listActiveSlides } from "./carousel.server";
// The slide images the admin uploads: checked, stored and read back; the type check serves product images too.
export { detectImageType, readCarouselImage } from "./uploads.server";
