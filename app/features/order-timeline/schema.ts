import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "../orders/schema";

/** What the supplier's acceptance did to the order (ADR 0029). */
export type SupplierAcceptedDetail = {
  supplierReference: string;
  /** The supplier answered "already known": an earlier attempt had reached it. */
  alreadyKnown: boolean;
  statusFrom: string;
  /** The order status after the acceptance; equal to statusFrom when it was not moved on. */
  statusTo: string;
};

export type OrderEventKind = "supplier-accepted";

/**
 * What happened to an order without an admin doing it (an admin's changes are in admin_changes):
 * today the supplier's acceptance of the dropshipment, with the status it moved the order to.
 * Written in the transaction that makes the change, so a row exists exactly when the change does.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OrderEventKind>().notNull(),
    detail: jsonb("detail").$type<SupplierAcceptedDetail>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);
