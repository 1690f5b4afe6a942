import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * One row per customer of the admin's Customers tab (issue 28): an e-mail address (lower-cased) that
 * has an account, or has placed an order as a guest or in an account. Kept by triggers on orders,
 * customers and users (migration 0053, function customer_summaries_refresh), so the list reads one
 * narrow row a customer instead of adding up every customer's orders per request (ADR 0031).
 *
 * An order counts when it was paid (payment status paid or refunded); what was spent is what was
 * paid minus what was paid back (orders.total_amount_cents − orders.refunded_cents).
 */
export const customerSummaries = pgTable(
  "customer_summaries",
  {
    /** The customer page's address (/admin/customers/<id>): no e-mail address in URLs or logs. */
    id: uuid("id").primaryKey().defaultRandom(),
    /** lower(e-mail): how orders reach an account (customers.email, case-insensitive). */
    emailKey: text("email_key").notNull(),
    /** As the account has it, else as the newest customer record has it. */
    email: text("email").notNull(),
    /** The account's name, else the newest customer record's first and last name; may be empty. */
    name: text("name").notNull().default(""),
    /** The account with this address, or null for a guest buyer. */
    userId: text("user_id"),
    ordersCount: integer("orders_count").notNull().default(0),
    spentCents: bigint("spent_cents", { mode: "number" }).notNull().default(0),
    /** When the newest paid order was placed; null without one. */
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customer_summaries_email_key").on(t.emailKey),
    // The list's order and keyset: newest paid order first, customers without one last.
    index("customer_summaries_recent_idx").on(sql`coalesce(${t.lastOrderAt}, '-infinity'::timestamptz)`, t.id),
    // Search: a part of the address or the name, wherever it stands.
    index("customer_summaries_email_trgm_idx").using("gin", sql`${t.emailKey} gin_trgm_ops`),
    index("customer_summaries_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);
