import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { orderItems, orderWithdrawals, outbox } from "../../app/db/schema";
import { guestOrderToken, WITHDRAWAL_TEXT } from "../../app/features/shopper-orders/index.server";
import { TEST_AUTH_SECRET } from "../support/app";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { signedInUser } from "../support/users";

const DAY = 24 * 60 * 60 * 1000;

describe("Bestelling herroepen", () => {
  const { app, database } = useTestApp();
  const db = () => database.db;

  const guestCookie = (orderId: string) => `trapkracht_bestelling=${guestOrderToken(TEST_AUTH_SECRET, orderId)}`;

  async function paidOrder(email: string, extra: { paidAt?: Date; completedAt?: Date | null; status?: string } = {}) {
    const customer = await createCustomer(db(), { email, firstName: "Gerda", lastName: "Gast" });
    const order = await createOrder(db(), customer.id, {
      status: extra.status ?? "processing",
      paymentStatus: "paid",
      paidAt: extra.paidAt ?? new Date(Date.now() - 2 * DAY),
      completedAt: extra.completedAt ?? null,
      items: [
        { productId: "10001", productName: "Kettingolie 100 ml", priceCents: 895, quantity: 2 },
        { productId: "10002", productName: "Remblokken Shimano", priceCents: 1495, quantity: 1 },
      ],
    });
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { order, items };
  }

  const post = (orderId: string, fields: Record<string, string>, cookie: string) =>
    app.post(`/herroepen/${orderId}`, fields, { headers: { cookie } });
  const withdrawalsOf = (orderId: string) =>
    db().select().from(orderWithdrawals).where(eq(orderWithdrawals.orderId, orderId));
  const mails = () => db().select().from(outbox).orderBy(asc(outbox.id));

  beforeEach(async () => {
    await db().delete(outbox);
  });

  it("a guest withdraws the whole order in two steps; the shopper and the shop get a mail at once", async () => {
    const { order, items } = await paidOrder("gerda.gast@example.nl");
    const cookie = guestCookie(order.id);

    const page = await app.html(`/herroepen/${order.id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Stap 1 van 2");

    const whole = { [`qty-${items[0]!.id}`]: "2", [`qty-${items[1]!.id}`]: "1", reason: "Past niet" };
    const review = await post(order.id, { intent: "review", ...whole }, cookie);
    expect(review.status).toBe(200);
    const reviewHtml = await review.text();
    expect(reviewHtml).toContain(WITHDRAWAL_TEXT.confirm);
    expect(await withdrawalsOf(order.id)).toEqual([]);

    const confirmed = await post(order.id, { intent: "confirm", ...whole }, cookie);
    expect(confirmed.status).toBe(303);
    const [withdrawal] = await withdrawalsOf(order.id);
    expect(confirmed.headers.get("location")).toBe(`/herroepen/${order.id}?ontvangen=${withdrawal!.id}`);
    expect(withdrawal).toMatchObject({ channel: "guest", reason: "Past niet", userId: null });
    expect(withdrawal!.refundDueAt.getTime() - withdrawal!.createdAt.getTime()).toBe(14 * DAY);

    const [toShopper, toShop] = await mails();
    expect(toShopper).toMatchObject({ kind: "withdrawal-confirmation", toAddress: "gerda.gast@example.nl" });
    expect(toShopper!.subject).toBe(`Bevestiging van je herroeping – bestelling #${order.id.slice(0, 8)}`);
    expect(toShopper!.textBody).toMatch(/ontvangen op \d+ \w+ \d{4} om \d\d:\d\d/);
    expect(toShopper!.textBody).toContain("Kettingolie 100 ml × 2");
    expect(toShopper!.textBody).toContain("Spoorlaan 12, 3511 AB Utrecht");
    expect(toShopper!.textBody).toMatch(/We betalen je uiterlijk \d+ \w+ \d{4} terug/);
    expect(toShop).toMatchObject({ kind: "withdrawal-notification", toAddress: app.config.shopEmail });
    expect(toShop!.subject).toContain("(geheel)");

    const after = await app.html(`/herroepen/${order.id}?ontvangen=${withdrawal!.id}`, { headers: { cookie } });
    expect(after.html).toContain("We hebben je herroeping ontvangen op");
    expect(after.html).toContain("Herroepingen van deze bestelling");
    // Nothing left to withdraw: a second confirm is refused.
    const again = await post(order.id, { intent: "confirm", ...whole }, cookie);
    expect(again.status).toBe(409);
    expect(await withdrawalsOf(order.id)).toHaveLength(1);
  });

  it("a signed-in customer withdraws one item of two; more pieces than ordered are refused", async () => {
    const customer = await signedInUser(app, db(), { email: "klant.herroept@example.nl" });
    const { order, items } = await paidOrder("Klant.Herroept@example.nl");
    const orders = await app.html("/orders", { headers: { cookie: customer.cookie } });
    expect(orders.html).toContain(`href="/herroepen/${order.id}"`);
    expect(orders.html).toContain(WITHDRAWAL_TEXT.button);

    const tooMany = await post(order.id, { intent: "confirm", [`qty-${items[0]!.id}`]: "3" }, customer.cookie);
    expect(tooMany.status).toBe(400);
    const none = await post(order.id, { intent: "confirm", [`qty-${items[0]!.id}`]: "0" }, customer.cookie);
    expect(none.status).toBe(400);
    expect(await withdrawalsOf(order.id)).toEqual([]);

    const one = await post(order.id, { intent: "confirm", [`qty-${items[1]!.id}`]: "1" }, customer.cookie);
    expect(one.status).toBe(303);
    const [withdrawal] = await withdrawalsOf(order.id);
    expect(withdrawal).toMatchObject({ channel: "account", userId: customer.id });
    const [toShop] = (await mails()).filter((m) => m.kind === "withdrawal-notification");
    expect(toShop!.subject).toContain("(deels)");
    // The rest can still be withdrawn, the withdrawn item no more.
    const again = await post(order.id, { intent: "confirm", [`qty-${items[1]!.id}`]: "1" }, customer.cookie);
    expect(again.status).toBe(400);
    const rest = await post(order.id, { intent: "confirm", [`qty-${items[0]!.id}`]: "2" }, customer.cookie);
    expect(rest.status).toBe(303);
  });

  it("outside the 14 days (from completion, else from payment) the function is closed", async () => {
    const customer = await signedInUser(app, db(), { email: "te.laat@example.nl" });
    const late = await paidOrder("te.laat@example.nl", { paidAt: new Date(Date.now() - 30 * DAY) });
    const stillOpen = await paidOrder("te.laat@example.nl", {
      paidAt: new Date(Date.now() - 30 * DAY),
      completedAt: new Date(Date.now() - 10 * DAY),
      status: "completed",
    });
    const closed = await post(late.order.id, { intent: "confirm", [`qty-${late.items[0]!.id}`]: "1" }, customer.cookie);
    expect(closed.status).toBe(409);
    expect(await closed.text()).toContain("De bedenktijd van 14 dagen");
    const page = await app.html("/orders", { headers: { cookie: customer.cookie } });
    expect(page.html).not.toContain(`href="/herroepen/${late.order.id}"`);
    expect(page.html).toContain(`href="/herroepen/${stillOpen.order.id}"`);
    const open = await post(
      stillOpen.order.id,
      { intent: "confirm", [`qty-${stillOpen.items[0]!.id}`]: "1" },
      customer.cookie,
    );
    expect(open.status).toBe(303);
  });

  it("another customer's order, a guest without the order's cookie and an unpaid order are refused", async () => {
    const { order, items } = await paidOrder("eigenaar@example.nl");
    const other = await signedInUser(app, db(), { email: "iemand.anders@example.nl" });
    const fields = { intent: "confirm", [`qty-${items[0]!.id}`]: "1" };
    for (const cookie of [other.cookie, "", guestCookie("00000000-0000-4000-8000-000000000000")]) {
      expect((await app.html(`/herroepen/${order.id}`, { headers: { cookie } })).status).toBe(404);
      expect((await post(order.id, fields, cookie)).status).toBe(404);
    }
    // A forged cookie value (not signed by the shop).
    expect((await post(order.id, fields, `trapkracht_bestelling=${order.id}.nep`)).status).toBe(404);
    expect(await withdrawalsOf(order.id)).toEqual([]);
    expect(await mails()).toEqual([]);

    const customer = await createCustomer(db(), { email: "onbetaald@example.nl" });
    const unpaid = await createOrder(db(), customer.id, { status: "pending", paymentStatus: "unpaid" });
    const res = await post(unpaid.id, { intent: "confirm" }, guestCookie(unpaid.id));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(WITHDRAWAL_TEXT.notPaid);
  });

  it("refuses control characters in the reason", async () => {
    const { order, items } = await paidOrder("controle@example.nl");
    const res = await post(
      order.id,
      { intent: "confirm", [`qty-${items[0]!.id}`]: "1", reason: "slecht\u0000" },
      guestCookie(order.id),
    );
    expect(res.status).toBe(400);
    expect(await withdrawalsOf(order.id)).toEqual([]);
  });

  it("the admin's order view shows the withdrawal, its items and the refund deadline", async () => {
    const admin = await signedInUser(app, db(), { role: "admin", email: "herroep.beheer@trapkracht.test" });
    const { order, items } = await paidOrder("admin.ziet@example.nl");
    await post(
      order.id,
      { intent: "confirm", [`qty-${items[0]!.id}`]: "2", reason: "Te laat geleverd" },
      guestCookie(order.id),
    );
    const { status, html } = await app.html(`/admin/orders/${order.id}`, { headers: { cookie: admin.cookie } });
    expect(status).toBe(200);
    expect(html).toContain("Withdrawals");
    expect(html).toContain("ArtNo 10001: Kettingolie 100 ml × 2");
    expect(html).toMatch(/Reason: (<!-- -->)?Te laat geleverd/);
    expect(html).toContain("Refund due by");
  });
});
