import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import {
  couponCodes,
  customers,
  localPaymentSessions,
  orderItems,
  orders,
  outbox,
  shippingAddresses,
  stock,
  products,
  users,
} from "../../app/db/schema";
import { CHECKOUT_SHOPPER } from "../support/checkout-factories";
import { createProduct } from "../support/factories";
import { createCoupon } from "../support/coupon-factories";
import { createCustomer } from "../support/order-factories";
import { createUser, signedInUser } from "../support/users";
import { useTestApp } from "../support/fixture";
import { shortOrderId } from "../../app/features/shopper-orders";

type Fields = Record<string, string>;

/** A guest's checkout details: Anna de Vries, 06 12345678, Fietsstraat 12, 1234ab Utrecht (CHECKOUT_SHOPPER). */
const GUEST: Fields = { ...CHECKOUT_SHOPPER, email: "anna@example.nl" };

const PLACE_FAILED = "Fout bij het plaatsen van de bestelling";

describe("placing an order", () => {
  const { app, database } = useTestApp({ PAYMENT_PROVIDER: "local" });
  let ipCounter = 1;
  /** A distinct client address per test (trusted from loopback), so the per-IP limit never leaks. */
  let ip = "";

  const db = () => database.db;
  const items = (...lines: { artNo: number; quantity: number; [extra: string]: unknown }[]) => JSON.stringify(lines);

  const place = (fields: Fields, opts: { token?: string; cookie?: string; from?: string } = {}): Promise<Response> =>
    app.post(
      "/checkout",
      { intent: "place", checkoutToken: opts.token ?? crypto.randomUUID(), couponCode: "", ...fields },
      { headers: { "x-forwarded-for": opts.from ?? ip, ...(opts.cookie ? { cookie: opts.cookie } : {}) } },
    );

  const count = async (table: typeof orders | typeof customers | typeof shippingAddresses) => {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table);
    return Number(row!.n);
  };
  const counts = async () => ({
    orders: await count(orders),
    customers: await count(customers),
    addresses: await count(shippingAddresses),
  });
  const orderByToken = async (token: string) => {
    const [order] = await db().select().from(orders).where(eq(orders.checkoutToken, token));
    return order;
  };
  const linesOf = (orderId: string) =>
    db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

  beforeEach(() => {
    ip = `10.0.${ipCounter++}.1`;
  });

  it("stores a guest order pending/unpaid with server prices and sends the browser to the payment page", async () => {
    const chain = await createProduct(db(), { consumerPriceCents: 1995, shortDescription: "Kettingolie 100 ml" });
    const gel = await createProduct(db(), {
      brand: "SiS",
      shortDescription: "Energiegel citroen",
      consumerPriceCents: 1000,
      discountedPriceCents: 800,
      vatRate: 9,
    });
    const token = crypto.randomUUID();
    const res = await place(
      { ...GUEST, items: items({ artNo: chain.artNo, quantity: 2 }, { artNo: gel.artNo, quantity: 1 }) },
      { token },
    );

    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${app.url}/betaalpagina/lps_[A-Za-z0-9_-]+$`));

    const order = (await orderByToken(token))!;
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      dropshipmentStatus: "pending",
      dropshipmentReference: null,
      subtotalCents: 2 * 1995 + 800,
      discountCents: 0,
      shippingCents: 495,
      totalAmountCents: 2 * 1995 + 800 + 495,
      couponId: null,
      couponCode: null,
      paymentProvider: "local",
      paidAt: null,
    });
    // 21 % on 3990 + its share of shipping (412), 9 % on 800 + 83: VAT included per rate.
    expect(order.vatLines).toEqual([
      { rate: 21, amountCents: 764 },
      { rate: 9, amountCents: 73 },
    ]);
    expect(location).toBe(`${app.url}/betaalpagina/${encodeURIComponent(order.paymentSessionId!)}`);

    const lines = await linesOf(order.id);
    expect(lines.map(({ id: _id, orderId: _o, ...l }) => l)).toEqual([
      {
        productId: String(chain.artNo),
        productName: "Kettingolie 100 ml",
        productPriceCents: 1995,
        vatRate: 21,
        originalPriceCents: null,
        quantity: 2,
      },
      {
        productId: String(gel.artNo),
        productName: "Energiegel citroen",
        productPriceCents: 800,
        vatRate: 9,
        originalPriceCents: 1000,
        quantity: 1,
      },
    ]);

    const [customer] = await db().select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer).toMatchObject({
      userId: null,
      firstName: "Anna",
      lastName: "de Vries",
      email: "anna@example.nl",
      phone: "06 12345678",
    });
    const [address] = await db()
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.id, order.shippingAddressId!));
    expect(address).toMatchObject({
      customerId: customer!.id,
      address: "Fietsstraat",
      houseNumber: "12",
      houseNumberAddition: null,
      postalCode: "1234 AB",
      city: "Utrecht",
      country: "Nederland",
      isDefault: true,
    });

    // The provider was asked for exactly the order's amount.
    const [session] = await db()
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, order.paymentSessionId!));
    expect(session).toMatchObject({
      orderId: order.id,
      amountTotalCents: order.totalAmountCents,
      shippingCents: 495,
      discountCents: 0,
      customerEmail: "anna@example.nl",
      // Signed, so the cancel page can cancel this order (checkout-cancel.test.ts).
      cancelUrl: expect.stringMatching(new RegExp(`^${app.url}/checkout/cancel\\?order=${order.id}&token=[\\w-]{43}$`)),
      successUrl: `${app.url}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(session!.lines).toEqual([
      { name: "Kettingolie 100 ml", description: "Shimano", unitAmountCents: 1995, quantity: 2, artNo: chain.artNo },
      { name: "Energiegel citroen", description: "SiS", unitAmountCents: 800, quantity: 1, artNo: gel.artNo },
    ]);
  });

  it("recomputes every amount from the database: tampered prices, VAT, quantities and coupon values change nothing", async () => {
    const product = await createProduct(db(), { consumerPriceCents: 1995, stockQuantity: 500 });
    const cheap = await createProduct(db(), { consumerPriceCents: 1250 });
    const coupon = await createCoupon(db(), { discountPercentage: 10 });
    const token = crypto.randomUUID();
    const res = await place(
      {
        ...GUEST,
        items: items(
          { artNo: product.artNo, quantity: 1000, price: 0.01, VAT: 0, originalPrice: 0 },
          { artNo: cheap.artNo, quantity: -3, price: 0 },
        ),
        couponCode: ` ${coupon.code.toLowerCase()} `,
        // Fields a tampering client might add; the action never reads them.
        totalAmount: "1",
        totalCents: "1",
        discountCents: "999999",
        discount: "100",
        subtotalCents: "1",
        shippingCents: "0",
        vat: "0",
        price: "0.01",
      },
      { token },
    );
    expect(res.status).toBe(303);

    const order = (await orderByToken(token))!;
    const subtotal = 99 * 1995 + 1 * 1250; // quantities clamped to 1–99
    const discount = Math.round(subtotal / 10);
    expect(order).toMatchObject({
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: 0,
      totalAmountCents: subtotal - discount,
      couponId: coupon.id,
      couponCode: coupon.code,
    });
    expect((await linesOf(order.id)).map((l) => [l.productPriceCents, l.vatRate, l.quantity])).toEqual([
      [1995, 21, 99],
      [1250, 21, 1],
    ]);
  });

  it("refuses an order whose stock went in the meantime, names what changed and stores nothing", async () => {
    const gone = await createProduct(db(), { shortDescription: "Remblokken schijfrem", stockQuantity: 3 });
    const few = await createProduct(db(), { shortDescription: "Binnenband 28 inch", stockQuantity: 5 });
    const dropped = await createProduct(db(), { shortDescription: "Bidon 750 ml" });
    const cart = items(
      { artNo: gone.artNo, quantity: 1 },
      { artNo: few.artNo, quantity: 3 },
      { artNo: dropped.artNo, quantity: 1 },
    );
    // Between the cart and the payment: sold out, fewer left, taken out of the range.
    await db().update(stock).set({ quantity: 0 }).where(eq(stock.artNo, gone.artNo));
    await db().update(stock).set({ quantity: 2 }).where(eq(stock.artNo, few.artNo));
    await db().update(products).set({ status: 0 }).where(eq(products.artNo, dropped.artNo));
    const before = await counts();

    const res = await place({ ...GUEST, items: cart });
    // An answer the shopper acts on, shown on the page (no failed request in the browser console).
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(PLACE_FAILED);
    expect(html).toContain(
      "Je winkelwagen is gewijzigd. Remblokken schijfrem: niet meer op voorraad; Binnenband 28 inch: nog 2 op voorraad (je bestelt er 3); Bidon 750 ml: niet meer leverbaar. Pas je winkelwagen aan; er is niets besteld of afgeschreven.",
    );
    expect(await counts()).toEqual(before);
  });

  it("lets only one of two concurrent orders take a coupon's last use; the other is refused and told why", async () => {
    const product = await createProduct(db(), { consumerPriceCents: 3000, stockQuantity: 50 });
    const coupon = await createCoupon(db(), { discountAmountCents: 500, usageLimit: 3, usageCount: 2 });
    const cart = items({ artNo: product.artNo, quantity: 1 });
    const tokens = [crypto.randomUUID(), crypto.randomUUID()];
    const before = await counts();

    const answers = await Promise.all(
      tokens.map((token, i) =>
        place(
          { ...GUEST, email: `race${i}@example.nl`, items: cart, couponCode: coupon.code },
          { token, from: ip.replace(/1$/, String(i + 2)) },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 303]);
    const refused = answers.find((r) => r.status === 200)!;
    expect(await refused.text()).toContain(
      `Kortingscode ${coupon.code} kan niet meer worden gebruikt: Deze kortingscode is al het maximale aantal keren gebruikt. Verwijder de code om zonder korting te bestellen; er is niets besteld of afgeschreven.`,
    );
    const placed = await db().select().from(orders).where(eq(orders.couponId, coupon.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ discountCents: 500, totalAmountCents: 3000 - 500 + 495 });
    // The refused checkout left nothing behind: one order, one customer, one address more.
    expect(await counts()).toEqual({
      orders: before.orders + 1,
      customers: before.customers + 1,
      addresses: before.addresses + 1,
    });

    // Without the code the refused shopper can order (at full price).
    const retry = await place({ ...GUEST, items: cart }, { token: tokens[1] });
    expect(retry.status).toBe(303);
  });

  it("turns two concurrent submissions of one checkout form into one order and one payment session", async () => {
    const product = await createProduct(db(), { stockQuantity: 10 });
    const token = crypto.randomUUID();
    const fields = { ...GUEST, email: "dubbel@example.nl", items: items({ artNo: product.artNo, quantity: 1 }) };

    const answers = await Promise.all([place(fields, { token }), place(fields, { token })]);
    expect(answers.map((r) => r.status)).toEqual([303, 303]);
    const order = (await orderByToken(token))!;
    const pageUrl = `${app.url}/betaalpagina/${encodeURIComponent(order.paymentSessionId!)}`;
    expect(answers.map((r) => r.headers.get("location"))).toEqual([pageUrl, pageUrl]);
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.email, "dubbel@example.nl"));
    expect(Number(row!.n)).toBe(1);

    // A third submission later (a reload of the POST, another tab) still goes to the same session.
    const again = await place(fields, { token });
    expect(again.headers.get("location")).toBe(pageUrl);
  });

  it("keeps an order whose payment session could not be created, and creates the session on the retry", async () => {
    const product = await createProduct(db(), { stockQuantity: 10 });
    const token = crypto.randomUUID();
    const fields = { ...GUEST, email: "opnieuw@example.nl", items: items({ artNo: product.artNo, quantity: 1 }) };

    // The provider fails (its storage is unavailable) after the order has been committed.
    await db().execute(sql`ALTER TABLE local_payment_sessions RENAME TO local_payment_sessions_weg`);
    let failed: Response;
    try {
      failed = await place(fields, { token });
    } finally {
      await db().execute(sql`ALTER TABLE local_payment_sessions_weg RENAME TO local_payment_sessions`);
    }
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain("Fout bij het opzetten van de betaling");
    const pending = (await orderByToken(token))!;
    expect(pending).toMatchObject({ paymentStatus: "unpaid", status: "pending", paymentSessionId: null });

    const retry = await place(fields, { token });
    expect(retry.status).toBe(303);
    const order = (await orderByToken(token))!;
    expect(order.id).toBe(pending.id);
    expect(retry.headers.get("location")).toBe(
      `${app.url}/betaalpagina/${encodeURIComponent(order.paymentSessionId!)}`,
    );
  });

  it("uses a signed-in customer's own record, saves the address as the new default and clears the old one", async () => {
    const user = await signedInUser(app, db(), { name: "Piet Oud" });
    const own = await createCustomer(db(), { userId: user.id, email: user.email, firstName: "Piet", lastName: "Oud" });
    const [old] = await db()
      .insert(shippingAddresses)
      .values({
        customerId: own.id,
        address: "Oude Gracht",
        houseNumber: "1",
        postalCode: "3511 AA",
        city: "Utrecht",
        isDefault: true,
      })
      .returning();
    const product = await createProduct(db());
    const token = crypto.randomUUID();
    const res = await place(
      {
        ...GUEST,
        firstName: "Pieter",
        lastName: "Nieuw",
        // A signed-in shopper orders with the account's address, whatever is posted.
        email: "iemand-anders@example.nl",
        // Only guests get an account made.
        createAccount: "on",
        password: "geheim123",
        address: "Nieuwe Weg",
        houseNumber: "7",
        houseNumberAddition: "b",
        postalCode: "1011 ab",
        city: "Amsterdam",
        saveInfo: "on",
        items: items({ artNo: product.artNo, quantity: 1 }),
      },
      { token, cookie: user.cookie },
    );
    expect(res.status).toBe(303);

    const order = (await orderByToken(token))!;
    expect(order.customerId).toBe(own.id);
    const [customer] = await db().select().from(customers).where(eq(customers.id, own.id));
    expect(customer).toMatchObject({ userId: user.id, email: user.email, firstName: "Pieter", lastName: "Nieuw" });
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account!.name).toBe("Pieter Nieuw");
    expect(await db().select().from(customers).where(eq(customers.userId, user.id))).toHaveLength(1);

    const addresses = await db()
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.customerId, own.id))
      .orderBy(asc(shippingAddresses.createdAt));
    expect(addresses.map((a) => [a.address, a.postalCode, a.houseNumberAddition, a.isDefault])).toEqual([
      ["Oude Gracht", "3511 AA", null, false],
      ["Nieuwe Weg", "1011 AB", "B", true],
    ]);
    expect(order.shippingAddressId).toBe(addresses[1]!.id);
    expect(old!.id).toBe(addresses[0]!.id);

    // The same address again (postcode written differently) is matched and updated, not added;
    // without "save" it stays the default it already is.
    const again = await place(
      {
        ...GUEST,
        firstName: "Pieter",
        lastName: "Nieuw",
        address: "Nieuwe Weg (achterom)",
        houseNumber: "7",
        houseNumberAddition: "B",
        postalCode: "1011AB",
        city: "Amsterdam",
        items: items({ artNo: product.artNo, quantity: 1 }),
      },
      { cookie: user.cookie },
    );
    expect(again.status).toBe(303);
    const after = await db().select().from(shippingAddresses).where(eq(shippingAddresses.customerId, own.id));
    expect(after).toHaveLength(2);
    expect(after.find((a) => a.id === addresses[1]!.id)).toMatchObject({
      address: "Nieuwe Weg (achterom)",
      isDefault: true,
    });

    // A different address without "save" is stored for the order but does not become the default.
    await place(
      {
        ...GUEST,
        firstName: "Pieter",
        lastName: "Nieuw",
        postalCode: "9999 ZZ",
        items: items({ artNo: product.artNo, quantity: 1 }),
      },
      { cookie: user.cookie },
    );
    const defaults = await db()
      .select({ postalCode: shippingAddresses.postalCode })
      .from(shippingAddresses)
      .where(sql`${shippingAddresses.customerId} = ${own.id} and ${shippingAddresses.isDefault}`);
    expect(defaults).toEqual([{ postalCode: "1011 AB" }]);
  });

  it("creates a signed-in customer's record on their first order", async () => {
    const user = await signedInUser(app, db());
    const product = await createProduct(db());
    const token = crypto.randomUUID();
    const res = await place(
      { ...GUEST, items: items({ artNo: product.artNo, quantity: 1 }) },
      { token, cookie: user.cookie },
    );
    expect(res.status).toBe(303);
    const order = (await orderByToken(token))!;
    const [customer] = await db().select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer).toMatchObject({ userId: user.id, email: user.email, firstName: "Anna", lastName: "de Vries" });
    const [address] = await db()
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.id, order.shippingAddressId!));
    expect(address!.isDefault).toBe(true);
  });

  it("creates an unverified account for a guest who asks for one, and places the order", async () => {
    const product = await createProduct(db());
    const email = "nieuw-account@example.nl";
    const token = crypto.randomUUID();
    const res = await place(
      {
        ...GUEST,
        email,
        createAccount: "on",
        password: "fietsen123",
        items: items({ artNo: product.artNo, quantity: 1 }),
      },
      { token },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("/betaalpagina/");

    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: false, role: "customer" });
    const order = (await orderByToken(token))!;
    const [customer] = await db().select().from(customers).where(eq(customers.id, order.customerId));
    // The order's customer record becomes the new account's profile.
    expect(customer).toMatchObject({ email, userId: user!.id });
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails.map((m) => m.subject)).toEqual(["Bevestig je e-mailadres bij Trapkracht"]);
    // No session was started: the account still has to be confirmed.
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it("still places the order as a guest order when the address already has an account", async () => {
    const existing = await createUser(db(), { email: "bestaat@example.nl" });
    const product = await createProduct(db());
    const token = crypto.randomUUID();
    const res = await place(
      {
        ...GUEST,
        email: existing.email,
        createAccount: "on",
        password: "iets-anders",
        items: items({ artNo: product.artNo, quantity: 1 }),
      },
      { token },
    );
    expect(res.status).toBe(303);
    const order = (await orderByToken(token))!;
    const [customer] = await db().select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer).toMatchObject({ email: existing.email, userId: null });
    expect(await db().select().from(users).where(eq(users.email, existing.email))).toHaveLength(1);
    // Its owner is told they already have an account (the same answer as the register dialog).
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, existing.email));
    expect(mails.map((m) => m.subject)).toEqual(["Je hebt al een account bij Trapkracht"]);
  });

  it("shows a guest order in an account made later with the same address", async () => {
    const product = await createProduct(db(), { shortDescription: "Zadelpen carbon" });
    const token = crypto.randomUUID();
    const res = await place(
      { ...GUEST, email: "Later.Klant@example.nl", items: items({ artNo: product.artNo, quantity: 1 }) },
      { token },
    );
    expect(res.status).toBe(303);
    const order = (await orderByToken(token))!;

    const user = await signedInUser(app, db(), { email: "later.klant@example.nl" });
    const { html } = await app.html("/orders", { headers: { cookie: user.cookie } });
    expect(html).toContain(`#${shortOrderId(order.id)}`);
    expect(html).toContain("Zadelpen carbon");
  });

  it("refuses invalid details, an empty cart and a bad token without storing anything", async () => {
    const product = await createProduct(db());
    const cart = items({ artNo: product.artNo, quantity: 1 });
    const before = await counts();

    const invalid = await place({ ...GUEST, postalCode: "1234 SA", firstName: "A", items: cart });
    expect(invalid.status).toBe(200);
    const html = await invalid.text();
    expect(html).toContain("Voornaam moet minimaal 2 tekens bevatten");
    // The first step with a problem is shown again.
    expect(html).toMatch(/<li aria-current="step"[^>]*>[\s\S]*?Klantgegevens/);

    const empty = await place({ ...GUEST, items: "[]" });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("Je winkelwagen is leeg");

    const noToken = await place({ ...GUEST, items: cart }, { token: "niet-een-token" });
    expect(await noToken.text()).toContain(PLACE_FAILED);
    expect(await counts()).toEqual(before);
  });

  it("limits order attempts per address to 20 in ten minutes", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await place({ ...GUEST, items: "[]" });
      expect(await res.text()).toContain("Je winkelwagen is leeg");
    }
    const limited = await place({ ...GUEST, items: "[]" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Te veel bestelpogingen. Probeer het over tien minuten opnieuw.");
    // Another address is not affected.
    expect((await place({ ...GUEST, items: "[]" }, { from: ip.replace(/1$/, "9") })).status).toBe(200);
  });

  it("marks no coupon use and no order as paid when placing", async () => {
    const coupon = await createCoupon(db(), { discountPercentage: 20 });
    const product = await createProduct(db(), { consumerPriceCents: 10000 });
    const token = crypto.randomUUID();
    await place({ ...GUEST, couponCode: coupon.code, items: items({ artNo: product.artNo, quantity: 1 }) }, { token });
    const [row] = await db().select().from(couponCodes).where(eq(couponCodes.id, coupon.id));
    expect(row!.usageCount).toBe(0);
    expect((await orderByToken(token))!.paymentStatus).toBe("unpaid");
  });
});
