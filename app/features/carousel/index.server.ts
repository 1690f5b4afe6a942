// Server services of the home carousel's slide rules.
export { checkSlideLink, describeSlideLinks, searchSlideLinks } from "./link-options.server";
