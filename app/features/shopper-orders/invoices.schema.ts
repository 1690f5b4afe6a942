import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orderRefunds } from "../orders/refunds.schema";
import { orders } from "../orders/schema";

/**
 * Invoices ("facturen") and credit invoices, numbered consecutively without gaps (Dutch VAT law):
 * the number comes from `invoice_counter`, incremented in the transaction that issues the invoice
 * (the payment confirmation, a refund), so a rolled-back transaction never uses up a number and two
 * app instances queue on the counter's row lock. The PDF is drawn from the order when asked for.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull(),
    kind: text("kind").$type<"invoice" | "credit">().notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** For a credit invoice: the refund it credits. */
    refundId: uuid("refund_id").references(() => orderRefunds.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_order_idx").on(t.orderId),
    uniqueIndex("invoices_refund_key").on(t.refundId),
    // One invoice per order; credit invoices as many as there are refunds.
    uniqueIndex("invoices_one_per_order")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
  ],
);

/** One row (id 1): the last invoice number issued. */
export const invoiceCounter = pgTable("invoice_counter", {
  id: integer("id").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});
