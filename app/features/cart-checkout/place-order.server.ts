import { eq, sql } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import { customers, orderItems, orders, products, users } from "~/db/schema/index";
import type { Auth } from "~/features/accounts/index.server";
import { signUp } from "~/features/accounts/index.server";
import type { Viewer } from "~/features/accounts";
import type { CheckoutLine, PaymentProvider } from "~/features/payments";
import { hitRateLimit, type Client } from "~/shared/security/rate-limit.server";
import type { Logger } from "~/shared/logging/logger.server";
import { checkoutCancelUrl } from "./cancel-checkout.server";
import { linkCustomerToAccount, customerForOrder } from "./customer.server";
import { saveShippingAddress } from "./addresses.server";
import {
  CHECKOUT_TEXT,
  CUSTOMER_FIELDS,
  isCheckoutToken,
  checkoutCouponCode,
  parseCartItems,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutStep,
  type CheckoutValues,
} from "./checkout-schema";
import { quoteCart, type CouponResult, type QuoteLine } from "./quote.server";

/**
 * What placing an order uses besides the database: the payment provider, better-auth (an account
 * made at checkout), the log, and the shop's URL and secret (the payment page's return links).
 */
export type PlaceOrderServices = {
  logger: Logger;
  payments: PaymentProvider;
  auth: Auth;
  config: Pick<Config, "publicUrl" | "authSecret">;
};

export type PlaceOrderInput = {
  viewer: Viewer | null;
  /** The wizard's fields as posted (the e-mail of a signed-in shopper is ignored: the account's counts). */
  values: CheckoutValues;
  /** The posted cart: JSON of [{artNo, quantity}]; anything about money in it is ignored. */
  items: unknown;
  couponCode: unknown;
  checkoutToken: unknown;
};

export type PlaceOrderResult =
  | { ok: true; orderId: string; redirectUrl: string }
  | {
      ok: false;
      status: number;
      title: string;
      message: string;
      /** Field messages, and the step that holds the first of them. */
      errors?: CheckoutErrors;
      step?: CheckoutStep;
    };

/** Order placement per shopper address: generous for a person, a wall for a script. */
export const PLACE_ORDER_LIMIT = { limit: 20, windowSeconds: 600 } as const;

/** Namespace of the advisory lock that serialises submissions of one checkout form. */
const CHECKOUT_LOCK = 4_242;

const fail = (status: number, title: string, message: string, extra: Partial<PlaceOrderResult> = {}) =>
  ({ ok: false, status, title, message, ...extra }) as PlaceOrderResult;

/**
 * Places the order of one checkout form and answers where to send the browser (the payment page).
 *
 * One transaction stores customer, address, order and lines, after recomputing every amount with
 * `quoteCart` from the database: nothing the browser says about money is read. The cart's stock
 * is re-read inside that transaction rather than locked: stock is not reserved at this point (it is
 * decremented when the payment is confirmed), so a lock would only queue checkouts without promising
 * anything more than a fresh read does. The coupon is different: `quoteCart(…, {reserveCoupon})`
 * locks its row and counts the uses held by open orders, so two checkouts cannot take its last use.
 *
 * The payment session is created AFTER the commit: a provider call inside the transaction would hold
 * the coupon lock (and a connection) over the network, and the local provider writes through its own
 * connection. An order left without a session (provider down) is pending/unpaid and invisible as a
 * paid order; submitting the same form again (same checkoutToken) finds it and creates the session.
 * Two submissions of one form (double click, two tabs) are serialised on the token and yield one order.
 */
export async function placeOrder(
  db: Db,
  deps: PlaceOrderServices,
  input: PlaceOrderInput,
  client: Client,
): Promise<PlaceOrderResult> {
  const { viewer } = input;
  if (viewer?.needsEmail) return fail(403, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.needsEmail);
  // The details first: refused fields (control characters included) cost no database write at all.
  // A signed-in shopper orders with the account's address; accounts are only made for guests.
  const values: CheckoutValues = viewer
    ? { ...input.values, email: viewer.email, createAccount: "", password: "" }
    : input.values;
  const checked = validateCheckout(values);
  if (!checked.ok) {
    const customerStep = CUSTOMER_FIELDS.some((f) => checked.errors[f]);
    return fail(400, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.checkFields, {
      errors: checked.errors,
      step: customerStep ? 1 : 2,
    });
  }

  const limited = await hitRateLimit(db, { key: `place-order:ip:${client.clientIp}`, ...PLACE_ORDER_LIMIT });
  if (!limited.allowed) return fail(429, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.rateLimited);

  const items = parseCartItems(input.items);
  if (!items) return fail(400, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.cartInvalid);
  if (items.length === 0) return fail(400, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.emptyCart);
  if (!isCheckoutToken(input.checkoutToken)) return fail(400, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.cartInvalid);
  const checkoutToken = input.checkoutToken;

  const { customer, shipping } = checked.data;
  const couponCode = checkoutCouponCode(input.couponCode);

  type Stored =
    | { kind: "created"; orderId: string; customerId: string }
    | { kind: "exists"; orderId: string }
    | { kind: "cart-changed"; lines: QuoteLine[] }
    | { kind: "coupon"; coupon: CouponResult };
  let stored: Stored;
  try {
    stored = await db.transaction(async (tx): Promise<Stored> => {
      // The second submission of this form waits here until the first has committed, then finds it.
      await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK}, hashtext(${checkoutToken}))`);
      const [existing] = await tx
        .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.checkoutToken, checkoutToken))
        .limit(1);
      if (existing && !(existing.status === "cancelled" && existing.paymentStatus === "unpaid")) {
        return { kind: "exists", orderId: existing.id };
      }
      // The form's order was cancelled on the payment page (or its session expired): sent again (the
      // browser's back button), it places a new order, with the coupon checked anew, rather than
      // reopening the cancelled one.
      if (existing) await tx.update(orders).set({ checkoutToken: null }).where(eq(orders.id, existing.id));

      const quote = await quoteCart(tx, { items, couponCode }, { reserveCoupon: true });
      if (!quote.sellable) return { kind: "cart-changed", lines: quote.lines.filter((l) => l.problem !== null) };
      if (couponCode && !quote.coupon?.valid) {
        return { kind: "coupon", coupon: quote.coupon ?? ({ code: couponCode, valid: false } as CouponResult) };
      }

      const customerId = await customerForOrder(
        tx,
        customer,
        viewer ? { userId: viewer.id, email: viewer.email } : { userId: null, email: customer.email },
      );
      const shippingAddressId = await saveShippingAddress(tx, customerId, shipping, {
        makeDefault: viewer ? shipping.saveInfo : true,
      });
      const { totals } = quote;
      const [order] = await tx
        .insert(orders)
        .values({
          customerId,
          shippingAddressId,
          totalAmountCents: totals.totalCents,
          status: "pending",
          paymentStatus: "unpaid",
          dropshipmentStatus: "pending",
          dropshipmentReference: null,
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          shippingCents: totals.shippingCents,
          vatLines: totals.vat,
          couponId: quote.coupon?.valid ? quote.coupon.couponId : null,
          couponCode: quote.coupon?.valid ? quote.coupon.code : null,
          paymentProvider: deps.payments.name,
          checkoutToken,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        quote.lines.map((line) => ({
          orderId: order!.id,
          productId: String(line.artNo),
          productName: line.name,
          productPriceCents: line.unitPriceCents,
          vatRate: line.vatRate,
          originalPriceCents: line.originalPriceCents,
          quantity: line.quantity,
        })),
      );
      return { kind: "created", orderId: order!.id, customerId };
    });
  } catch (error) {
    // Without the advisory lock's help (it cannot fail that way, but the index is the real guarantee)
    // a duplicate token still ends here: the order exists, so go on with it.
    if (isUniqueViolation(error)) {
      const [existing] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.checkoutToken, checkoutToken))
        .limit(1);
      if (existing) return paymentRedirect(db, deps, existing.id);
    }
    deps.logger.error({ err: error }, "placing the order failed");
    return fail(500, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.tryAgain);
  }

  switch (stored.kind) {
    case "cart-changed":
      return fail(409, CHECKOUT_TEXT.placeFailed, cartChangedMessage(stored.lines));
    case "coupon":
      return fail(409, CHECKOUT_TEXT.placeFailed, couponRefusedMessage(stored.coupon));
    case "exists":
      return paymentRedirect(db, deps, stored.orderId);
    case "created":
      deps.logger.info({ orderId: stored.orderId }, "order placed");
      if (!viewer && customer.createAccount) {
        await createAccountAtCheckout(db, deps, client, stored.customerId, customer.email, customer.password);
      }
      return paymentRedirect(db, deps, stored.orderId);
  }
}

/** "Je winkelwagen is gewijzigd: …" naming each line that can no longer be sold as it is. */
export function cartChangedMessage(lines: readonly QuoteLine[]): string {
  const parts = lines.map((line) => {
    const name = line.name || `Artikel ${line.artNo}`;
    if (line.problem === "insufficient-stock" && line.stockQuantity != null) {
      return `${name}: nog ${line.stockQuantity} op voorraad (je bestelt er ${line.quantity})`;
    }
    if (line.problem === "out-of-stock") return `${name}: niet meer op voorraad`;
    return `${name}: niet meer leverbaar`;
  });
  return `Je winkelwagen is gewijzigd. ${parts.join("; ")}. Pas je winkelwagen aan; er is niets besteld of afgeschreven.`;
}

export function couponRefusedMessage(coupon: CouponResult): string {
  return `Kortingscode ${coupon.code} kan niet meer worden gebruikt: ${coupon.message} Verwijder de code om zonder korting te bestellen; er is niets besteld of afgeschreven.`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Optional account creation for a guest (spec 2 §7.5): the same sign-up as the login dialog
 * (unverified account, confirmation mail through the outbox, the sign-up rate limit; an address that
 * already has an account gets the "you already have an account" mail instead). Whatever happens, the
 * order goes on as a guest order: a failure is only logged.
 */
async function createAccountAtCheckout(
  db: Db,
  deps: PlaceOrderServices,
  client: Client,
  customerId: string,
  email: string,
  password: string,
) {
  try {
    const [before] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const result = await signUp(db, deps, { email, password, confirmPassword: password }, client);
    if (!result.ok) {
      deps.logger.warn({ status: result.status }, "account creation at checkout failed; the order stays a guest order");
      return;
    }
    if (before) {
      deps.logger.info("account creation at checkout: the address already has an account; guest order");
      return;
    }
    const [created] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (created) await linkCustomerToAccount(db, customerId, created.id);
  } catch (error) {
    deps.logger.error({ err: error }, "account creation at checkout failed; the order stays a guest order");
  }
}

function successUrl(publicUrl: string, sessionId?: string): string {
  return `${publicUrl}/checkout/success?session_id=${sessionId ? encodeURIComponent(sessionId) : "{CHECKOUT_SESSION_ID}"}`;
}

/**
 * The payment-session step of each order, one at a time in this process: eight simultaneous posts
 * of one form all reach this step, and without the queue each would ask the provider for a session
 * of its own before the first one is stored. Queued, the first creates and stores the session and
 * the others find it and answer with its URL.
 *
 * Why not the per-token advisory lock: holding a transaction across the provider call deadlocks the
 * embedded PGlite (its single connection is taken while the local provider writes through the same
 * handle) and, on PostgreSQL, parks a pooled connection per waiting post, which a burst of posts
 * could drain. Several app instances on one database can still race here when one form's posts are
 * spread over them; the conditional update below then keeps one session on the order and every
 * answer points at it (the other session expires unused).
 */
const paymentSteps = new Map<string, Promise<unknown>>();

async function oneAtATimePerOrder<T>(orderId: string, step: () => Promise<T>): Promise<T> {
  const before = paymentSteps.get(orderId) ?? Promise.resolve();
  const run = before.then(step);
  const settled = run.catch(() => undefined);
  paymentSteps.set(orderId, settled);
  try {
    return await run;
  } finally {
    if (paymentSteps.get(orderId) === settled) paymentSteps.delete(orderId);
  }
}

/** paymentRedirect, queued per order (see oneAtATimePerOrder). */
function paymentRedirect(db: Db, deps: PlaceOrderServices, orderId: string): Promise<PlaceOrderResult> {
  return oneAtATimePerOrder(orderId, () => openPaymentSession(db, deps, orderId));
}

/**
 * Where the browser goes for an order: its open payment session, or a new one when it has none
 * (or its session expired). A session is attached only if the order has no other one at that moment
 * (a conditional update), so racing submissions (from other app instances) end on the same session.
 */
async function openPaymentSession(
  db: Db,
  deps: PlaceOrderServices,
  orderId: string,
  attempt = 0,
): Promise<PlaceOrderResult> {
  const publicUrl = deps.config.publicUrl;
  try {
    const [order] = await db
      .select({
        id: orders.id,
        sessionId: orders.paymentSessionId,
        paymentStatus: orders.paymentStatus,
        status: orders.status,
        totalCents: orders.totalAmountCents,
        shippingCents: orders.shippingCents,
        discountCents: orders.discountCents,
        email: customers.email,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!order) return fail(500, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.tryAgain);
    // A cancelled order is never paid for again (its coupon hold is gone): the form places a new one.
    if (order.status === "cancelled" && order.paymentStatus === "unpaid") {
      return fail(409, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.tryAgain);
    }
    if (order.paymentStatus === "paid" && order.sessionId) {
      return { ok: true, orderId, redirectUrl: successUrl(publicUrl, order.sessionId) };
    }

    if (order.sessionId) {
      let state;
      try {
        state = await deps.payments.retrieveSession(order.sessionId);
      } catch (error) {
        deps.logger.error({ err: error, orderId }, "payment session lookup failed");
        return fail(502, CHECKOUT_TEXT.paymentSetupFailed, CHECKOUT_TEXT.tryAgain);
      }
      if (state?.paid || state?.status === "complete") {
        return { ok: true, orderId, redirectUrl: successUrl(publicUrl, order.sessionId) };
      }
      if (state?.status === "open") {
        return state.url
          ? { ok: true, orderId, redirectUrl: state.url }
          : fail(409, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.alreadyPlaced);
      }
      // Expired (or unknown to the provider): nothing can be paid there any more; a new session below.
    }

    const lines = await checkoutLines(db, orderId);
    let session;
    try {
      session = await deps.payments.createCheckoutSession({
        orderId,
        customerEmail: order.email,
        lines,
        shippingCents: order.shippingCents,
        discountCents: order.discountCents,
        totalCents: order.totalCents,
        successUrl: successUrl(publicUrl),
        cancelUrl: checkoutCancelUrl(publicUrl, deps.config.authSecret ?? "", orderId),
      });
    } catch (error) {
      deps.logger.error({ err: error, orderId }, "creating the payment session failed");
      return fail(502, CHECKOUT_TEXT.paymentSetupFailed, CHECKOUT_TEXT.tryAgain);
    }
    if (!session?.id || !session.url) {
      deps.logger.error({ orderId }, "the payment provider returned no payment page");
      return fail(502, CHECKOUT_TEXT.noPaymentPage, CHECKOUT_TEXT.tryAgain);
    }
    const attached = await db
      .update(orders)
      .set({ paymentSessionId: session.id, paymentProvider: deps.payments.name })
      .where(
        order.sessionId
          ? sql`${orders.id} = ${orderId} and ${orders.paymentSessionId} = ${order.sessionId}`
          : sql`${orders.id} = ${orderId} and ${orders.paymentSessionId} is null`,
      )
      .returning({ id: orders.id });
    if (attached.length === 1) {
      deps.logger.info({ orderId, sessionId: session.id }, "payment session created");
      return { ok: true, orderId, redirectUrl: session.url };
    }
    // Another submission attached its session first; this one is never shown to anyone.
    if (attempt < 2) return openPaymentSession(db, deps, orderId, attempt + 1);
    return fail(409, CHECKOUT_TEXT.placeFailed, CHECKOUT_TEXT.alreadyPlaced);
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "preparing the payment failed");
    return fail(500, CHECKOUT_TEXT.unexpected, CHECKOUT_TEXT.tryAgain);
  }
}

/** The order's lines as the payment page lists them (name, brand as description, unit price). */
async function checkoutLines(db: Db, orderId: string): Promise<CheckoutLine[]> {
  const rows = await db
    .select({
      productId: orderItems.productId,
      name: orderItems.productName,
      priceCents: orderItems.productPriceCents,
      quantity: orderItems.quantity,
      brand: products.brand,
    })
    .from(orderItems)
    .leftJoin(products, sql`${products.artNo}::text = ${orderItems.productId}`)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return rows.map((r) => ({
    name: r.name,
    description: r.brand ?? "",
    unitAmountCents: r.priceCents,
    quantity: r.quantity,
    artNo: Number(r.productId),
  }));
}
