import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A line of a checkout session, as the payment provider gets it (app/features/payments/provider.ts). */
export type CheckoutLine = {
  name: string;
  /** The brand, as the spec sends it. */
  description: string;
  unitAmountCents: number;
  quantity: number;
  artNo: number;
};

export type LocalPaymentStatus = "open" | "complete" | "expired";
export type LocalPaymentMethod = "ideal" | "card";

/**
 * Checkout sessions of the local test provider: what Stripe keeps on its side for a Checkout
 * Session, kept here so the built-in payment page behaves the same (30 minutes, paid once).
 * No foreign key to orders: the shop may create the session inside the transaction that inserts
 * the order, and the provider must not depend on that transaction being visible yet.
 */
export const localPaymentSessions = pgTable(
  "local_payment_sessions",
  {
    /** "lps_" + random, like Stripe's "cs_…" ids; unguessable, it is the only key to the page. */
    id: text("id").primaryKey(),
    orderId: uuid("order_id").notNull(),
    amountTotalCents: integer("amount_total_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    customerEmail: text("customer_email").notNull(),
    status: text("status").$type<LocalPaymentStatus>().notNull().default("open"),
    paid: boolean("paid").notNull().default(false),
    paymentMethod: text("payment_method").$type<LocalPaymentMethod>(),
    bank: text("bank"),
    /** Contains `{CHECKOUT_SESSION_ID}`, filled in on the redirect as Stripe does. */
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [index("local_payment_sessions_order_idx").on(t.orderId)],
);
