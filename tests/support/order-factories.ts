import type { Db } from "../../app/db/client.server";
import {
  customers,
  orderItems,
  orders,
  shippingAddresses,
  type OrderStatus,
  type PaymentStatus,
} from "../../app/db/schema";

let counter = 0;

type CustomerInput = Partial<typeof customers.$inferInsert>;

/** A customer record: a guest (no user_id) unless `userId` is given. */
export async function createCustomer(db: Db, input: CustomerInput = {}) {
  counter += 1;
  const [row] = await db
    .insert(customers)
    .values({
      firstName: "Test",
      lastName: `Klant ${counter}`,
      email: `gast${counter}-${Date.now()}@example.nl`,
      ...input,
    })
    .returning();
  return row!;
}

export type OrderItemInput = { productId?: string; productName: string; priceCents: number; quantity?: number };

type OrderInput = Partial<
  Omit<typeof orders.$inferInsert, "customerId" | "totalAmountCents" | "status" | "paymentStatus">
> & {
  /** Any text: pages must cope with states the spec does not name (shown raw or as "Onbekend"). */
  status?: string;
  paymentStatus?: string;
  /** The order's total; by default the sum of its lines. */
  totalAmountCents?: number;
  items?: OrderItemInput[];
  /** Give the order a shipping address (a new one for the customer). Default true. */
  withAddress?: boolean;
};

/** An order of `customerId` with its lines and a shipping address, as the checkout would store it. */
export async function createOrder(db: Db, customerId: string, input: OrderInput = {}) {
  const {
    items = [{ productName: "Kettingolie 100 ml", priceCents: 895 }],
    withAddress = true,
    status,
    paymentStatus,
    ...fields
  } = input;
  let shippingAddressId: string | null = null;
  if (withAddress) {
    const [address] = await db
      .insert(shippingAddresses)
      .values({ customerId, address: "Fietsstraat", houseNumber: "12", postalCode: "1234 AB", city: "Utrecht" })
      .returning({ id: shippingAddresses.id });
    shippingAddressId = address!.id;
  }
  const lines = items.map((item, i) => ({
    productId: item.productId ?? String(800_000 + i),
    productName: item.productName,
    productPriceCents: item.priceCents,
    quantity: item.quantity ?? 1,
  }));
  const [order] = await db
    .insert(orders)
    .values({
      customerId,
      shippingAddressId,
      totalAmountCents: lines.reduce((sum, l) => sum + l.productPriceCents * l.quantity, 0),
      ...fields,
      ...(status === undefined ? {} : { status: status as OrderStatus }),
      ...(paymentStatus === undefined ? {} : { paymentStatus: paymentStatus as PaymentStatus }),
    })
    .returning();
  if (lines.length > 0) await db.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: order!.id })));
  return order!;
}
