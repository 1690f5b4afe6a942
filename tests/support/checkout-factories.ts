import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { AdminActionResult } from "../../app/shared/admin-ui/admin-actions";
import type { Db } from "../../app/db/client.server";
import { couponCodes, orderItems, orders, shippingAddresses } from "../../app/db/schema";
import { priceOrder } from "../../app/features/cart-checkout/pricing";
import { confirmPayment, type ConfirmDeps } from "../../app/features/orders/index.server";
import { payLocalSession } from "../../app/features/payments/local-provider.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import type { TestApp } from "./app";
import { createProduct } from "./factories";
import { createCustomer } from "./order-factories";
import { postToAction } from "./single-fetch";

let counter = 0;

export type PendingLineInput = {
  priceCents: number;
  quantity?: number;
  vatRate?: number;
  /** Stock of the product; null = unknown. Default 20. */
  stock?: number | null;
  brand?: string;
  name?: string;
};

export async function createCoupon(db: Db, overrides: Partial<typeof couponCodes.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(couponCodes)
    .values({ code: `TEST${counter}${Date.now() % 100000}`, discountPercentage: 10, ...overrides })
    .returning();
  return row!;
}

/**
 * A placed, unpaid order as the checkout stores it (customer, address, priced lines, totals from
 * priceOrder) with a payment session at `payments`, the way place-order leaves it before the
 * shopper is sent to the payment page.
 */
export async function createPendingOrder(
  db: Db,
  payments: PaymentProvider,
  opts: {
    appUrl: string;
    lines?: PendingLineInput[];
    coupon?: { id: string; code: string; discountCents: number } | null;
    email?: string;
  },
) {
  counter += 1;
  const inputs = opts.lines ?? [
    { priceCents: 1995, quantity: 2, vatRate: 21, stock: 10 },
    { priceCents: 895, quantity: 1, vatRate: 9, stock: 5 },
  ];
  const products = [];
  for (const [i, line] of inputs.entries()) {
    products.push(
      await createProduct(db, {
        brand: line.brand ?? "Shimano",
        shortDescription: line.name ?? `Testartikel ${counter}-${i + 1}`,
        consumerPriceCents: line.priceCents,
        vatRate: line.vatRate ?? 21,
        stockQuantity: line.stock === undefined ? 20 : line.stock,
      }),
    );
  }
  const priced = inputs.map((line) => ({
    unitPriceCents: line.priceCents,
    quantity: line.quantity ?? 1,
    vatRate: line.vatRate ?? 21,
  }));
  const totals = priceOrder(priced, opts.coupon?.discountCents ?? 0, {
    shippingFeeCents: 495,
    freeShippingThresholdCents: 5000,
  });
  const customer = await createCustomer(db, {
    firstName: "Sanne",
    lastName: "de Vries",
    email: opts.email ?? `koper${counter}-${Date.now()}@example.nl`,
    phone: "0612345678",
  });
  const [address] = await db
    .insert(shippingAddresses)
    .values({
      customerId: customer.id,
      address: "Fietsstraat",
      houseNumber: "12",
      houseNumberAddition: "B",
      postalCode: "3511 AB",
      city: "Utrecht",
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      customerId: customer.id,
      shippingAddressId: address!.id,
      totalAmountCents: totals.totalCents,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      vatLines: totals.vat,
      couponId: opts.coupon?.id ?? null,
      couponCode: opts.coupon?.code ?? null,
      paymentProvider: payments.name,
    })
    .returning();
  const items = products.map((product, i) => ({
    orderId: order!.id,
    productId: String(product.artNo),
    productName: product.shortDescription!,
    productPriceCents: priced[i]!.unitPriceCents,
    vatRate: priced[i]!.vatRate,
    quantity: priced[i]!.quantity,
  }));
  await db.insert(orderItems).values(items);
  const session = await payments.createCheckoutSession({
    orderId: order!.id,
    customerEmail: customer.email,
    lines: products.map((product, i) => ({
      name: product.shortDescription!,
      description: product.brand ?? "",
      unitAmountCents: priced[i]!.unitPriceCents,
      quantity: priced[i]!.quantity,
      artNo: product.artNo,
    })),
    shippingCents: totals.shippingCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    successUrl: `${opts.appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${opts.appUrl}/checkout/cancel`,
  });
  await db.update(orders).set({ paymentSessionId: session.id }).where(eq(orders.id, order!.id));
  return { order: { ...order!, paymentSessionId: session.id }, customer, products, items, totals, session };
}

/**
 * A placed order paid on the local payment page (createPendingOrder, then payOnPaymentPage): the
 * order is paid and has its invoice, as after a real checkout.
 */
export async function createPaidOrder(
  app: TestApp,
  db: Db,
  payments: PaymentProvider,
  opts: Omit<Parameters<typeof createPendingOrder>[2], "appUrl"> = {},
) {
  const placed = await createPendingOrder(db, payments, { appUrl: app.url, ...opts });
  await payOnPaymentPage(app, placed.session.id);
  return placed;
}

/**
 * A placed order paid without the app: its local payment session paid as the payment page pays it
 * (iDEAL, ING), then confirmed once, as the return page or the webhook confirms it. Expects that
 * confirmation to find the order newly paid.
 */
export async function createConfirmedOrder(
  deps: ConfirmDeps,
  opts: Omit<Parameters<typeof createPendingOrder>[2], "appUrl"> = {},
) {
  const placed = await createPendingOrder(deps.db, deps.payments, { appUrl: deps.config.publicUrl, ...opts });
  expect(await payLocalSession(deps.db, placed.session.id, { method: "ideal", bank: "ING" })).not.toBeNull();
  expect(await confirmPayment(deps, placed.session.id)).toMatchObject({ outcome: "paid", newlyPaid: true });
  return placed;
}

/** Pays on the local payment page as the shopper does (iDEAL, ING), which sends them on with a 302. */
export async function payOnPaymentPage(app: TestApp, sessionId: string) {
  const paid = await app.post(`/betaalpagina/${sessionId}`, { intent: "pay", method: "ideal", bank: "ING" });
  expect(paid.status).toBe(302);
}

/** An order's lines, in the order they were stored. */
export function orderItemsOf(db: Db, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** What a guest types at checkout, but the e-mail address: give each order its own. */
export const CHECKOUT_SHOPPER = {
  firstName: "Anna",
  lastName: "de Vries",
  phone: "06 12345678",
  createAccount: "",
  password: "",
  address: "Fietsstraat",
  houseNumber: "12",
  houseNumberAddition: "",
  postalCode: "1234ab",
  city: "Utrecht",
  saveInfo: "",
};

/**
 * Places an order through the real checkout form, as a guest (CHECKOUT_SHOPPER with a new e-mail
 * address) posting from `ip` (each shopper their own address, under the checkout's rate limit).
 * Expects the redirect to the payment page (303) and returns the stored order.
 */
export async function placeOrderAtCheckout(
  app: TestApp,
  db: Db,
  opts: { cart: { artNo: number; quantity: number }[]; couponCode?: string; ip: string },
) {
  const token = crypto.randomUUID();
  const placed = await app.post(
    "/checkout",
    {
      intent: "place",
      checkoutToken: token,
      couponCode: opts.couponCode ?? "",
      items: JSON.stringify(opts.cart),
      ...CHECKOUT_SHOPPER,
      email: `anna-${crypto.randomUUID()}@example.nl`,
    },
    { headers: { "x-forwarded-for": opts.ip } },
  );
  expect(placed.status).toBe(303);
  const [order] = await db.select().from(orders).where(eq(orders.checkoutToken, token));
  return order!;
}

/**
 * The admin's refund of an order as the order page's fetcher posts it: the lines and shipping in
 * `fields`, a new refund key and the amount the admin confirmed. Returns the action's answer.
 */
export function postRefund(
  app: TestApp,
  adminCookie: string,
  orderId: string,
  fields: Record<string, string>,
  confirmedCents: number,
) {
  return postToAction<AdminActionResult>(
    app,
    `/admin/orders/${orderId}`,
    { intent: "refund", refundKey: crypto.randomUUID(), confirmedAmountCents: String(confirmedCents), ...fields },
    { cookie: adminCookie },
  );
}
