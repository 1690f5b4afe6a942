/** The header's suggestions live with the search (app/features/search); this keeps the old import path. */
export {
  SEARCH_MAX_RESULTS,
  SEARCH_MIN_CHARS,
  searchSuggestions,
  type SearchSuggestion,
} from "~/features/search/index.server";
