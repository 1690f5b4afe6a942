/**
 * The owner's search synonyms (issue 30 item 9, ADR 0044): "fietsketting ⇒ ketting", applied as a
 * rewrite of the query where a search enters the shop (the results page and the suggestions), never
 * inside the matching. Route: synonyms.route.tsx (/admin/search, the admin's Search tab). Server
 * side: index.server.ts (rewriteQuery).
 */
export { SearchAdminNav, SEARCH_REPORT_PATH, SYNONYMS_PATH } from "./search-admin-nav";
export { normaliseSearchText, foldWord, isArtNoQuery, SEARCH_TEXT_MAX } from "./search-text";
export { parseSynonymForm, rewriteWith, synonymTable, type Synonym } from "./synonym-rules";
