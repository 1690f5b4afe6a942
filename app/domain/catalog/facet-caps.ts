/**
 * How far the listing counts in a huge category (issue 14; large-listing.server.ts). Shared with
 * the filter panel, which tells the shopper where counting stopped.
 */

/** Categories up to this many listed products are counted exactly, as they always were. */
export const EXACT_COUNT_LIMIT = 10_000;
/** A filtered total stops counting here (or a little past the requested page). */
export const TOTAL_COUNT_CAP = 1_000;
/** A facet with other filters active counts its values among at most this many products. */
export const FACET_COUNT_CAP = 1_000;
