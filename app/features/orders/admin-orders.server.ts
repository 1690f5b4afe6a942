/**
 * The admin's order details ("Bestelling Details") and status changes. All Orders itself (the list,
 * its filters, sorts, counts, CSV export and bulk shipping) lives in app/features/admin-orders.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import { enqueueOrderStatusMail } from "~/features/shopper-orders/index.server";
import type { Db } from "~/db/client.server";
import { customers, orderItems, orders, shippingAddresses } from "~/db/schema";
import {
  listAdminChanges,
  recordAdminChange,
  type AdminActor,
  type AdminChangeRow,
} from "~/features/admin-changes/index.server";
import type { VatLine } from "~/features/cart-checkout/vat";
import { isUuid } from "./admin-orders-query";
import { transitionProblem, type OrderStatus } from "./order-transitions";

export type AdminOrderDetails = {
  id: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  paymentProvider: string | null;
  paidAt: Date | null;
  dropshipmentStatus: string;
  dropshipmentReference: string | null;
  customer: { firstName: string; lastName: string; email: string; phone: string | null; isGuest: boolean } | null;
  address: {
    address: string;
    houseNumber: string;
    houseNumberAddition: string | null;
    postalCode: string;
    city: string;
    country: string;
  } | null;
  items: {
    id: number;
    productId: string;
    productName: string;
    priceCents: number;
    originalPriceCents: number | null;
    vatRate: number;
    quantity: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  totalCents: number;
  vatLines: VatLine[];
  /** The admin's changes to this order, newest first. */
  changes: AdminChangeRow[];
};

/** Everything the "Bestelling Details" dialog shows, or null for an id that names no order. */
export async function getAdminOrder(db: Db, orderId: string): Promise<AdminOrderDetails | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      order: orders,
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        userId: customers.userId,
      },
      address: {
        address: shippingAddresses.address,
        houseNumber: shippingAddresses.houseNumber,
        houseNumberAddition: shippingAddresses.houseNumberAddition,
        postalCode: shippingAddresses.postalCode,
        city: shippingAddresses.city,
        country: shippingAddresses.country,
      },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shippingAddresses, eq(shippingAddresses.id, orders.shippingAddressId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const [items, changes] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        productName: orderItems.productName,
        priceCents: orderItems.productPriceCents,
        originalPriceCents: orderItems.originalPriceCents,
        vatRate: orderItems.vatRate,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    listAdminChanges(db, { entityType: "order", entityId: orderId }),
  ]);
  const { order, customer, address } = row;
  const hasCustomer = customer && (customer.email || customer.firstName || customer.lastName);
  return {
    id: order.id,
    createdAt: new Date(order.createdAt),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentProvider: order.paymentProvider,
    paidAt: order.paidAt ? new Date(order.paidAt) : null,
    dropshipmentStatus: order.dropshipmentStatus,
    dropshipmentReference: order.dropshipmentReference,
    customer: hasCustomer
      ? {
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          isGuest: customer.userId === null,
        }
      : null,
    address,
    items,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    shippingCents: order.shippingCents,
    totalCents: order.totalAmountCents,
    vatLines: order.vatLines,
    changes,
  };
}

export type ChangeOrderStatusResult =
  | { ok: true; from: string; to: OrderStatus }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; message: string };

/**
 * The admin moves an order on (pending → processing → completed) or cancels it. The row is locked,
 * the move checked against its current status, and the change recorded with who, when, before and
 * after in the same transaction: a record exists exactly when the change does.
 */
export async function changeOrderStatus(
  db: Db,
  actor: AdminActor,
  { orderId, to, trackingUrl = null }: { orderId: string; to: OrderStatus; trackingUrl?: string | null },
  config: Pick<Config, "publicUrl" | "authSecret">,
): Promise<ChangeOrderStatusResult> {
  if (!isUuid(orderId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<ChangeOrderStatusResult> => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) return { ok: false, reason: "not-found" };
    const problem = transitionProblem(order.status, to);
    if (problem) return { ok: false, reason: "invalid", message: problem };
    await tx
      .update(orders)
      .set({
        status: to,
        ...(to === "completed" ? { completedAt: sql`now()` } : {}),
        ...(to === "shipped" ? { trackingUrl } : {}),
      })
      .where(eq(orders.id, orderId));
    await recordAdminChange(tx, actor, {
      entityType: "order",
      entityId: orderId,
      action: "status",
      before: { status: order.status },
      after: to === "shipped" && trackingUrl ? { status: to, trackingUrl } : { status: to },
    });
    // The shopper hears of it once: the mail is queued with the change, or not at all.
    await enqueueOrderStatusMail(tx, config, orderId, to, trackingUrl);
    return { ok: true, from: order.status, to };
  });
}
