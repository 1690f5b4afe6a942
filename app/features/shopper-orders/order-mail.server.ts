import { and, asc, eq } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import { customers, invoices, orderItems, orders, shippingAddresses, siteSettings } from "~/db/schema";
import type { DbExecutor } from "~/db/client.server";
import { enqueueMail } from "~/features/mail/index.server";
import {
  orderConfirmationMail,
  orderNotificationMail,
  type OrderMailData,
} from "~/features/mail-templates/index.server";
import type { Logger } from "~/shared/logging/logger.server";
import { guestOrderToken } from "./guest-order.server";

/** The order as its mails show it: customer, address and lines as stored when it was placed. */
export async function loadOrderMailData(tx: DbExecutor, orderId: string): Promise<OrderMailData | null> {
  const [row] = await tx
    .select({ order: orders, customer: customers, address: shippingAddresses })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shippingAddresses, eq(shippingAddresses.id, orders.shippingAddressId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const { order, customer, address } = row;
  return {
    orderId: order.id,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    customer: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
    },
    address: address
      ? {
          address: address.address,
          houseNumber: address.houseNumber,
          houseNumberAddition: address.houseNumberAddition,
          postalCode: address.postalCode,
          city: address.city,
          country: address.country,
        }
      : null,
    items: items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      productPriceCents: item.productPriceCents,
      originalPriceCents: item.originalPriceCents,
      vatRate: item.vatRate,
      quantity: item.quantity,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    shippingCents: order.shippingCents,
    vatLines: order.vatLines,
    totalAmountCents: order.totalAmountCents,
  };
}

async function customerServiceEmail(tx: DbExecutor, fallback: string): Promise<string> {
  const [row] = await tx
    .select({ email: siteSettings.customerServiceEmail })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row?.email || fallback;
}

/**
 * Queues the shopper's confirmation and the shop's notification, inside the transaction that marks
 * the order paid (so they go exactly once). The notification sits in a savepoint: when it cannot be
 * queued the error is logged and the order and its confirmation stand (spec 2 §7.5).
 */
export async function enqueueOrderMails(
  tx: DbExecutor,
  deps: { config: Pick<Config, "publicUrl" | "shopEmail" | "authSecret">; logger: Logger },
  orderId: string,
): Promise<void> {
  const data = await loadOrderMailData(tx, orderId);
  if (!data) throw new Error(`order ${orderId} vanished while confirming its payment`);
  const confirmation = orderConfirmationMail(data, {
    customerServiceEmail: await customerServiceEmail(tx, deps.config.shopEmail),
    publicUrl: deps.config.publicUrl,
    orderUrl: `${deps.config.publicUrl}/bestelling?code=${encodeURIComponent(guestOrderToken(deps.config.authSecret ?? "", orderId))}`,
  });
  // The invoice (issued in this transaction by the payment confirmation) goes with it as a PDF.
  const [invoice] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  await enqueueMail(tx, {
    kind: "order-confirmation",
    to: data.customer.email,
    orderId,
    ...confirmation,
    attachments: invoice ? [{ kind: "invoice", number: invoice.number }] : [],
  });
  try {
    await tx.transaction(async (savepoint) => {
      const notification = orderNotificationMail(data, { publicUrl: deps.config.publicUrl });
      await enqueueMail(savepoint, {
        kind: "order-notification",
        to: deps.config.shopEmail,
        orderId,
        replyTo: data.customer.email,
        ...notification,
      });
    });
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "order notification could not be queued; the order stands");
  }
}
