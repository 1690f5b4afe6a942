/**
 * Products a full product feed would set inactive but did not (issue 27): more than the safety share
 * of the shop's active products, or rows the reader could not read (their products may be among the
 * missing ones). The ArtNos wait in `supplier_feed_held_deactivations` until the admin confirms the
 * run on its page, or a later product import makes them stale ("superseded").
 */
export type DeactivationHold = {
  state: "held" | "confirmed" | "superseded";
  /** Products the run would set inactive. */
  count: number;
  /** Active products in the shop when the run ended. */
  activeProducts: number;
  /** The safety share in force (FEED_MAX_DEACTIVATE_PERCENT). */
  maxPercent: number;
  /** Why the run did not set them inactive by itself. */
  reasons: string[];
  /** The first few, by ArtNo, for the report. */
  sample: { artNo: number; name: string | null }[];
  confirmedBy?: string;
  confirmedAt?: string;
};
