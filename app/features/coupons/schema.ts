import { boolean, check, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * Spec 1 §3 coupon_codes, money in cents. A coupon is either a percentage or a fixed amount; usage
 * is counted when an order is paid (never twice, never past the limit: one conditional UPDATE).
 */
export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored upper-case; shoppers' input is trimmed and upper-cased before lookup. */
    code: text("code").notNull(),
    discountPercentage: smallint("discount_percentage"),
    discountAmountCents: integer("discount_amount_cents"),
    minOrderValueCents: integer("min_order_value_cents").notNull().default(0),
    maxDiscountAmountCents: integer("max_discount_amount_cents"),
    usageLimit: integer("usage_limit"),
    usageCount: integer("usage_count").notNull().default(0),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupon_codes_code_key").on(t.code),
    check(
      "coupon_codes_one_kind",
      sql`(${t.discountPercentage} IS NOT NULL AND ${t.discountAmountCents} IS NULL AND ${t.discountPercentage} BETWEEN 1 AND 100)
        OR (${t.discountPercentage} IS NULL AND ${t.discountAmountCents} IS NOT NULL AND ${t.discountAmountCents} > 0)`,
    ),
  ],
);
