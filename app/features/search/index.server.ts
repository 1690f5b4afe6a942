// Server services of search: compiling a query, its SQL conditions and relevance, suggestions.
export {
  candidateBlocks,
  foldedColumns,
  matchesExactly,
  matchesQuery,
  relevanceColumns,
  wholeWordsInName,
} from "./match-sql.server";
export { correctionCandidates, forgetCorrections } from "./corrections.server";
export {
  compileSearch,
  isArtNoQuery,
  mayBeWholeWords,
  nearestQuery,
  productByArtNo,
  SEARCH_MAX_RESULTS,
  SEARCH_MIN_CHARS,
  searchSuggestions,
  type SearchSuggestion,
} from "./search.server";
export {
  categoriesWithMatches,
  categoryPriceWalk,
  containsPattern,
  escapeLike,
  priceBlockWalk,
  priceScan,
  scopeBlockWalk,
  termScan,
  termWalk,
  type PriceOrdered,
  type ScopeWalk,
  type TermWalk,
  type WalkedListingRow,
} from "./walk.server";
export { CATALOGUE_SIZE_TTL_MS, isSmallCatalogue, SCAN_MAX_NAME_BLOCKS, termMatches } from "./search-strategy.server";
export {
  refreshSearchBlocks,
  resetSearchBlocks,
  SEARCH_BLOCK_ROWS,
  SEARCH_BLOCKS_EVERY_MS,
  SEARCH_BLOCKS_QUEUE,
  searchBlocksQueue,
  type RefreshSummary,
} from "./search-blocks.server";
