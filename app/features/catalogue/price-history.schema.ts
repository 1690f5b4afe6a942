import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every selling price a product has had, from when (spec: issue 9). One row per change of the
 * effective price (`products.effective_price_cents`: the offer price when it is a real discount,
 * else the consumer price), written ONLY by the trigger `products_price_track` on `products`
 * (migration price_history), so admin edits, feed imports and seeds all record it without knowing.
 * No foreign key: the record outlives a deleted product. Read by the trigger to find the lowest
 * price of the 30 days before an offer (the honest "was" price).
 */
export const productPriceHistory = pgTable(
  "product_price_history",
  {
    artNo: integer("art_no").notNull(),
    /** The selling price from `validFrom` on, integer cents including VAT. Never 0 (no price is not recorded). */
    priceCents: integer("price_cents").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    /** Who changed it, from the session setting app.price_source ('seed', 'import', 'admin', ...), else 'database'. */
    source: text("source").notNull(),
  },
  // Also the index of the trigger's "prices of this product around that time" lookups.
  (t) => [primaryKey({ columns: [t.artNo, t.validFrom] })],
);
