import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "../catalogue/schema";

/**
 * "Mail me als het weer leverbaar is": a shopper's request for one mail when a sold-out product is
 * back in stock. Confirmed once through a mailed link (double opt-in), then mailed once; the token
 * in both links is the only way to confirm or cancel it. No account needed.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    artNo: integer("art_no")
      .notNull()
      .references(() => products.artNo, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    token: text("token").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per product and address; a mailed one may be followed by a new one.
    uniqueIndex("stock_alerts_open_idx")
      .on(t.artNo, t.email)
      .where(sql`${t.notifiedAt} IS NULL`),
    // What the back-in-stock trigger looks up for every stock row that comes back.
    index("stock_alerts_waiting_idx")
      .on(t.artNo)
      .where(sql`${t.confirmedAt} IS NOT NULL AND ${t.notifiedAt} IS NULL`),
  ],
);
