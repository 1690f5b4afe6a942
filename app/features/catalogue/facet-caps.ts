/**
 * How far the listing counts in a huge category or search (issue 14; large-listing.server.ts,
 * large-search.server.ts). Shared with the filter panel, which tells the shopper where counting
 * stopped.
 */

/** Categories up to this many listed products are counted exactly, as they always were. */
export const EXACT_COUNT_LIMIT = 10_000;
/** A filtered total stops counting here (or a little past the requested page). */
export const TOTAL_COUNT_CAP = 1_000;
/** A facet with other filters active counts its values among at most this many products. */
export const FACET_COUNT_CAP = 1_000;
/** A search with up to this many matches is listed and counted exactly; a larger one as below. */
export const EXACT_SEARCH_LIMIT = 1_000;
/** A larger search counts its facets among the matches of an even spread of this many blocks. */
export const SEARCH_SAMPLE_BLOCKS = 40;
/** …taking at most this many matches from each, so one crowded block cannot fill the sample. */
export const SEARCH_SAMPLE_PER_BLOCK = 25;
