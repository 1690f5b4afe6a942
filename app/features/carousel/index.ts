// Client-safe public entry of the home carousel's slide rules (issue 29 item 8; ADR 0038).
export {
  amsterdamDay,
  isCalendarDay,
  isSlideShown,
  parseSlideDays,
  slideTiming,
  type SlideDays,
  type SlideTiming,
} from "./slide-schedule";
export {
  categoryLink,
  FIXED_PAGES,
  LINK_KIND_LABEL,
  matchingPages,
  parseSlideLink,
  productLink,
  SLIDE_LINK_MESSAGE,
  type SlideLinkOption,
  type SlideLinkTarget,
} from "./slide-link";
export { LinkPicker } from "./link-picker";
export type { CarouselSlide } from "./carousel";
