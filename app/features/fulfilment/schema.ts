import { bigint, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A line of the supplier's order message (spec 2 §7.4; app/features/fulfilment/supplier-message.ts). */
export type SupplierOrderLine = { indexNumber: number; artNo: string; amount: number };

/**
 * The orders the shop's built-in test supplier (/api/test-supplier/orders) has received, standing
 * in for the real supplier's books in the embedded demo and the benchmark: one row per reference,
 * so a repeated reference is answered "already known" with the supplier reference given the first time.
 */
export const testSupplierOrders = pgTable(
  "test_supplier_orders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    reference: text("reference").notNull(),
    supplierReference: text("supplier_reference").notNull(),
    debtorNumber: text("debtor_number").notNull(),
    recipientName: text("recipient_name").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    lines: jsonb("lines").$type<SupplierOrderLine[]>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_supplier_orders_reference_key").on(t.reference)],
);
