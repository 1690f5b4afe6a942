import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { couponCodes } from "../coupons/schema";

/** VAT included in an amount, per rate (spec 2 §9: amount − amount / (1 + rate/100)), in cents. */
export type VatLine = { rate: number; amountCents: number };

/** Spec 1 §4 order states. Other values may appear later and are shown raw. */
export type OrderStatus = "pending" | "processing" | "shipped" | "completed" | "cancelled";
export type PaymentStatus = "paid" | "unpaid" | "refunded";
export type DropshipmentStatus = "pending" | "processing" | "completed" | "failed";

/**
 * A person who ordered: a guest (user_id null) or a signed-in user. Orders reach an account through
 * customers whose e-mail matches case-insensitively, so guest orders show up in a later account.
 */
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customers_user_id_idx").on(t.userId),
    index("customers_email_lower_idx").on(sql`lower(${t.email})`),
    // The admin's order search ("contains", any part of the address or name), admin-orders.server.ts.
    index("customers_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("customers_name_trgm_idx").using("gin", sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

export const shippingAddresses = pgTable(
  "shipping_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    houseNumber: text("house_number").notNull(),
    houseNumberAddition: text("house_number_addition"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull().default("Nederland"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipping_addresses_customer_idx").on(t.customerId, t.postalCode, t.houseNumber),
    // The Customers tab's postcode search: a whole postcode or its start ("3511", "3511 A").
    index("shipping_addresses_postal_code_idx").on(t.postalCode.op("text_pattern_ops")),
  ],
);

/**
 * Money in integer euro cents, VAT included, recomputed by the server when the order is placed.
 * Created before the shopper pays (pending / unpaid), carrying the payment session; confirmed once.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    shippingAddressId: uuid("shipping_address_id").references(() => shippingAddresses.id, {
      onDelete: "set null",
    }),
    totalAmountCents: integer("total_amount_cents").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull().default("unpaid"),
    dropshipmentStatus: text("dropshipment_status").$type<DropshipmentStatus>().notNull().default("pending"),
    dropshipmentReference: text("dropshipment_reference"),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    vatLines: jsonb("vat_lines").$type<VatLine[]>().notNull().default([]),
    couponId: uuid("coupon_id").references(() => couponCodes.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    /** "local" or "stripe"; the session id is the provider's checkout session. */
    paymentProvider: text("payment_provider"),
    paymentSessionId: text("payment_session_id"),
    /**
     * One per checkout form: a second submission of the same form (double click, two tabs) finds
     * this order instead of creating another.
     */
    checkoutToken: uuid("checkout_token"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * Paid back so far by succeeded refunds (refunds.server.ts keeps it). With payment status "paid"
     * and more than 0 the order is partly refunded ("Deels terugbetaald"); all of it is "refunded".
     */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The carrier's tracking page, given by the admin when marking the order shipped. */
    trackingUrl: text("tracking_url"),
    /** When the order was marked completed: the 14-day withdrawal period runs from here (else from paidAt). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_customer_created_idx").on(t.customerId, t.createdAt),
    uniqueIndex("orders_payment_session_key").on(t.paymentSessionId),
    uniqueIndex("orders_checkout_token_key").on(t.checkoutToken),
    index("orders_created_idx").on(t.createdAt),
    // All Orders (admin-orders.server.ts): newest first with a (created_at, id) keyset, also within
    // one order or payment status.
    index("orders_created_id_idx").on(t.createdAt, t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_payment_created_idx").on(t.paymentStatus, t.createdAt, t.id),
    // All Orders' filters and sorts (issue 28, app/features/admin-orders): the dropshipment state,
    // partly refunded orders (few: a partial index), and the amount sort's (total, id) keyset.
    index("orders_dropship_created_idx").on(t.dropshipmentStatus, t.createdAt, t.id),
    index("orders_partly_refunded_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.paymentStatus} = 'paid' AND ${t.refundedCents} > 0`),
    index("orders_total_id_idx").on(t.totalAmountCents, t.id),
    // The Dashboard (issue 29, app/features/admin-dashboard): revenue of paid orders by payment moment,
    // read from the index alone; and the paid orders the supplier has not accepted yet (few).
    index("orders_paid_revenue_idx")
      .on(t.paidAt, t.totalAmountCents, t.refundedCents)
      .where(sql`${t.paymentStatus} = 'paid'`),
    index("orders_supplier_waiting_idx")
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = 'paid' AND ${t.dropshipmentStatus} IN ('pending', 'processing')`),
    // The coupon reservation count at checkout (open unpaid orders holding a coupon's use).
    index("orders_coupon_open_idx")
      .on(t.couponId, t.createdAt)
      .where(sql`${t.paymentStatus} = 'unpaid' AND ${t.couponId} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The ArtNo as text, as the spec stores it; the line keeps name and price as sold. */
    productId: text("product_id").notNull(),
    productName: text("product_name").notNull(),
    productPriceCents: integer("product_price_cents").notNull(),
    vatRate: smallint("vat_rate").notNull().default(21),
    /** The consumer price when the line was sold on offer (shown struck through in the mail). */
    originalPriceCents: integer("original_price_cents"),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);
