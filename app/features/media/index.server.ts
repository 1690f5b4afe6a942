// Server services of the shop's served images: the drawn SVG placeholders.
export { renderMediaSvg } from "./media.server";
