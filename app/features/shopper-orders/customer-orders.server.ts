import { asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customers, orderItems, orders, shippingAddresses } from "~/db/schema";
import { parcelAddressLines, type OrderMoney } from "./order-summary";

export type CustomerOrderItem = {
  id: number;
  productId: string;
  productName: string;
  /** Unit price as sold, in cents (VAT included). */
  priceCents: number;
  quantity: number;
};

export type CustomerOrder = {
  id: string;
  createdAt: Date;
  totalCents: number;
  status: string;
  paymentStatus: string;
  items: CustomerOrderItem[];
  /** Subtotal, discount and its code, shipping, VAT per rate and total, as stored with the order. */
  money: OrderMoney;
  /** The delivery address as on the parcel, one line a row. */
  deliveryAddress: string[];
  /** The withdrawal period runs from completion, else from payment (withdrawal.ts). */
  paidAt: Date | null;
  completedAt: Date | null;
  /** Paid back so far (refunds that went through), in cents. */
  refundedCents: number;
  /** The invoice and any credit invoices, by number (downloaded at /factuur/:number). */
  invoices: { number: number; kind: "invoice" | "credit" }[];
  /** The carrier's tracking page, once shipped with one. */
  trackingUrl: string | null;
};

/**
 * The orders of one e-mail address, newest first, with their lines: every customer record with that
 * address counts, whatever its case and whether or not it belongs to an account (spec 1 §6), so
 * guest orders placed before the account existed show up too. Two queries, however many orders.
 *
 * The caller passes the signed-in account's own, confirmed address; never an address from input.
 */
export async function listCustomerOrders(db: Db, email: string): Promise<CustomerOrder[]> {
  // Written exactly as customers_email_lower_idx is defined, so the index serves it.
  return ordersWhere(db, sql`lower(${customers.email}) = lower(${email})`);
}

/** One order with its lines, totals and address (the guest order page), or null. */
export async function getCustomerOrder(db: Db, orderId: string): Promise<CustomerOrder | null> {
  return (await ordersWhere(db, eq(orders.id, orderId)))[0] ?? null;
}

async function ordersWhere(db: Db, where: SQL): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      totalCents: orders.totalAmountCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paidAt: orders.paidAt,
      completedAt: orders.completedAt,
      trackingUrl: orders.trackingUrl,
      invoices: sql<
        { number: number; kind: "invoice" | "credit" }[]
      >`(SELECT coalesce(json_agg(json_build_object('number', i.number, 'kind', i.kind) ORDER BY i.number), '[]'::json) FROM invoices i WHERE i.order_id = ${orders.id})`,
      refundedCents: orders.refundedCents,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      couponCode: orders.couponCode,
      shippingCents: orders.shippingCents,
      vatLines: orders.vatLines,
      firstName: customers.firstName,
      lastName: customers.lastName,
      address: shippingAddresses,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shippingAddresses, eq(shippingAddresses.id, orders.shippingAddressId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];

  const lines = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      priceCents: orderItems.productPriceCents,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));

  const byOrder = new Map<string, CustomerOrderItem[]>();
  for (const { orderId, ...line } of lines) {
    const list = byOrder.get(orderId);
    if (list) list.push(line);
    else byOrder.set(orderId, [line]);
  }
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    totalCents: row.totalCents,
    status: row.status,
    paymentStatus: row.paymentStatus,
    items: byOrder.get(row.id) ?? [],
    money: {
      subtotalCents: row.subtotalCents,
      discountCents: row.discountCents,
      couponCode: row.couponCode,
      shippingCents: row.shippingCents,
      vatLines: row.vatLines,
      totalAmountCents: row.totalCents,
    },
    deliveryAddress: parcelAddressLines(`${row.firstName} ${row.lastName}`.trim(), row.address),
    paidAt: row.paidAt,
    completedAt: row.completedAt,
    refundedCents: Number(row.refundedCents),
    trackingUrl: row.trackingUrl,
    invoices: typeof row.invoices === "string" ? JSON.parse(row.invoices) : (row.invoices ?? []),
  }));
}
