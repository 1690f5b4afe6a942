// Client-safe public entry of the shop's own pages (home, blog, about, privacy, terms): the company's
// details every document names, and the frame of a plain text page.
export { COMPANY, COMPANY_ADDRESS } from "./company";
export { PageSection, StaticPage } from "./static-page";
export type { BlogPost, BlogPostSummary } from "./blog";
