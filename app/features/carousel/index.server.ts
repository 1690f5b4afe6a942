// Server services of the home carousel's slide rules.
export { checkSlideLink, describeSlideLinks, searchSlideLinks } from "./link-options.server";
// The slides the home page shows today.
export { listActiveSlides } from "./carousel.server";
