import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { orderItems, orders } from "../orders/schema";

/**
 * A shopper's withdrawal from a distance contract ("herroeping", Consumer Rights Directive art. 11a):
 * the whole order or some of its items, received at `created_at`, with the date by which the shop
 * must have refunded (14 days later). Append-only: a withdrawal is a statement the shopper made.
 */
export const orderWithdrawals = pgTable(
  "order_withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "account" (signed in, /orders) or "guest" (order number + e-mail, or the mailed link). */
    channel: text("channel").$type<"account" | "guest">().notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    refundDueAt: timestamp("refund_due_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_withdrawals_order_idx").on(t.orderId, t.createdAt)],
);

/** The items (and how many of each) a withdrawal covers. */
export const orderWithdrawalItems = pgTable(
  "order_withdrawal_items",
  {
    withdrawalId: uuid("withdrawal_id")
      .notNull()
      .references(() => orderWithdrawals.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.withdrawalId, t.orderItemId] }),
    index("order_withdrawal_items_item_idx").on(t.orderItemId),
  ],
);
