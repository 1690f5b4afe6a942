import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./schema";

export type RefundLine = { orderItemId: number; quantity: number; amountCents: number };
export type RefundVatLine = { rate: number; amountCents: number };

/**
 * Money paid back to the shopper through the provider that took it (issue 11). One row per refund,
 * written before the provider is asked (status "pending") under a unique idempotency key, so a
 * double click or a retried request refunds once; "succeeded" or "failed" after the provider's answer.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    /**
     * VAT per rate included in this refund, fixed when it is reserved (refund-allocation.ts), so the
     * credit notes of an order add up to its invoice. Null on refunds made before migration 0050.
     */
    vatLines: jsonb("vat_lines").$type<RefundVatLine[]>(),
    restock: boolean("restock").notNull().default(false),
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    error: text("error"),
    createdBy: text("created_by").notNull(),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_refunds_idempotency_key").on(t.idempotencyKey),
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
  ],
);
