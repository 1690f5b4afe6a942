// Client-safe public entry of search as shoppers type (issue 30, ADR 0043): the parsed query and
// the "Bedoelde je …?" block of the results page.
export { exactOnly, hasCorrections, type SearchQuery } from "./query";
export { NoResults } from "./no-results";
