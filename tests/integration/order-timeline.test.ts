import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminActionResult } from "../../app/shared/admin-ui/admin-actions";
import { adminChanges, jobs, orderItems, outbox } from "../../app/db/schema";
import { DROPSHIPMENT_QUEUE, dropshipmentQueue } from "../../app/features/fulfilment/dropshipment.server";
import { createJobWorker, type JobWorker } from "../../app/shared/jobs/worker.server";
import { confirmPayment } from "../../app/features/orders/index.server";
import { withdrawOrder } from "../../app/features/shopper-orders/index.server";
import { payLocalSession } from "../../app/features/payments/local-provider.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { loadOrderTimeline } from "../../app/features/order-timeline/index.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createConfirmedOrder, createPendingOrder } from "../support/checkout-factories";
import { fakeSupplierEnv, startFakeSupplier, type FakeSupplier } from "../support/fake-supplier";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

const logger = createLogger("silent");

/** The text of an HTML fragment, tags removed and spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();

/** The timeline's entries as drawn: time (text and ISO), title and the rest of each line, in page order. */
function timelineOf(html: string) {
  const list = /<ol[^>]*aria-label="Order timeline"[^>]*>([\s\S]*?)<\/ol>/.exec(html);
  if (!list) throw new Error("no order timeline on the page");
  return [...list[1]!.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => {
    const item = m[1]!;
    const time = /<time dateTime="([^"]+)"[^>]*>([^<]*)<\/time>/.exec(item)!;
    return {
      iso: time[1]!,
      time: time[2]!,
      title: text(/<span class="font-medium[^"]*">([\s\S]*?)<\/span>/.exec(item)![1]!),
      text: text(item),
    };
  });
}

describe("the order timeline", () => {
  let supplier: FakeSupplier;
  // Before the app starts: its environment names the supplier's address.
  beforeAll(async () => {
    supplier = await startFakeSupplier();
  });
  const { app, database } = useTestApp(() => ({
    SHOP_EMAIL: "winkel@trapkracht.test",
    ...fakeSupplierEnv(supplier),
  }));
  const db = () => database.db;
  let payments: PaymentProvider;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let customer: Awaited<ReturnType<typeof signedInUser>>;
  const workers: JobWorker[] = [];

  beforeAll(async () => {
    payments = createPaymentProvider({ db: db(), config: app.config, logger });
    admin = await signedInUser(app, db(), { role: "admin", email: "tijdlijn-beheer@trapkracht.test" });
    customer = await signedInUser(app, db(), { email: "tijdlijn-klant@example.nl" });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(100)));
  });
  afterAll(async () => {
    await supplier?.close();
  });

  const dropshipWorker = () => {
    const w = createJobWorker({
      db: db(),
      logger,
      queues: {
        [DROPSHIPMENT_QUEUE]: dropshipmentQueue({ config: app.config, logger, backoff: { baseMs: 0, maxMs: 0 } }),
      },
    });
    workers.push(w);
    return w;
  };
  const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
  const act = (orderId: string, fields: Record<string, string>, cookie = admin.cookie) =>
    postToAction<AdminActionResult>(app, `/admin/orders/${orderId}`, fields, { cookie });
  const mailsOf = (orderId: string) =>
    db().select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id));
  const outboxCount = async () => (await db().select({ n: count() }).from(outbox))[0]!.n;

  /**
   * An order that went through everything: paid on the test payment page, a supplier that failed
   * once and then accepted, marked completed by the admin, partly withdrawn by the shopper,
   * partly refunded, and one mail that failed to send, sent again from the timeline.
   */
  async function orderWithAHistory() {
    // 1 × € 25,00 (21 %) + 2 × € 10,00 (9 %) = € 45,00; under € 50, so € 4,95 shipping: € 49,95.
    const placed = await createConfirmedOrder(
      { db: db(), payments, logger, config: app.config },
      {
        email: "femke.tijdlijn@example.nl",
        lines: [
          { priceCents: 2500, quantity: 1, vatRate: 21, name: "Kettingpons" },
          { priceCents: 1000, quantity: 2, vatRate: 9, name: "Energiereep" },
        ],
      },
    );
    const orderId = placed.order.id;
    // Delivery as the mail worker leaves it: the confirmation sent, the shop's notice failed for good.
    const [confirmation, notification] = await mailsOf(orderId);
    await db()
      .update(outbox)
      .set({ status: "sent", attempts: 1, sentAt: new Date() })
      .where(eq(outbox.id, confirmation!.id));
    await db()
      .update(outbox)
      .set({ status: "failed", attempts: 5, lastError: "550 mailbox unavailable" })
      .where(eq(outbox.id, notification!.id));

    supplier.script({ kind: "status", status: 500 });
    const w = dropshipWorker();
    await w.runOnce();
    await w.runOnce();

    const completed = await act(orderId, { intent: "status", status: "completed" });
    expect(completed.data).toMatchObject({ ok: true });

    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const [pons, reep] = items;
    const withdrawn = await withdrawOrder(db(), app.config, {
      orderId,
      channel: "guest",
      userId: null,
      form: { [`qty-${reep!.id}`]: "1", reason: "Verkeerde smaak" },
    });
    expect(withdrawn).toMatchObject({ ok: true });

    const refund = await act(orderId, {
      intent: "refund",
      [`refund-qty-${pons!.id}`]: "1",
      // The one piece of € 25,00 (no coupon, no shipping): 2500 cents, as the form confirms it.
      confirmedAmountCents: "2500",
      refundKey: crypto.randomUUID(),
    });
    expect(refund.data).toMatchObject({ ok: true });

    const resend = await act(orderId, { intent: "resend-mail", outboxId: String(notification!.id) });
    expect(resend.data).toMatchObject({ ok: true, title: "Mail queued again" });
    return { orderId, notificationId: notification!.id };
  }

  it("lists every kind of event once, oldest first, with Amsterdam times", async () => {
    const { orderId, notificationId } = await orderWithAHistory();
    const short = orderId.slice(0, 8);
    const { status, html } = await asAdmin(`/admin/orders/${orderId}`);
    expect(status).toBe(200);
    const entries = timelineOf(html);
    const copyId = (await mailsOf(orderId)).at(-1)!.id;

    const titles = entries.map((e) => e.title);
    expect(titles).toEqual([
      "Order placed: € 49,95",
      "Paid € 49,95 via test payment page",
      `Mail: Bevestiging van je bestelling ${short} bij Trapkracht`,
      `Mail: Nieuwe bestelling ${short} – € 49,95`,
      "Dropshipment attempt 1 of 6: failed",
      "Dropshipment attempt 2 of 6: succeeded",
      "Supplier accepted the order (LV-000001)",
      `Mail: Je bestelling wordt naar je verstuurd – bestelling #${short}`,
      "Status shipped → completed",
      `Mail: Je bestelling is afgerond – bestelling #${short}`,
      "Withdrawal received (as a guest)",
      `Mail: Bevestiging van je herroeping – bestelling #${short}`,
      `Mail: Herroeping ontvangen: bestelling #${short} (deels)`,
      // The one piece of € 25,00, no coupon, no shipping: € 25,00.
      "Refund € 25,00: paid back",
      "Refund of € 25,00 recorded (payment paid → paid)",
      `Mail: We hebben € 25,00 terugbetaald – bestelling #${short}`,
      `Mail #${notificationId} sent again as #${copyId}`,
      `Mail: Nieuwe bestelling ${short} – € 49,95`,
    ]);

    const line = (title: string, nth = 0) => entries.filter((e) => e.title === title)[nth]!.text;
    expect(line("Paid € 49,95 via test payment page")).toContain("iDEAL, ING");
    expect(line(`Mail: Bevestiging van je bestelling ${short} bij Trapkracht`)).toMatch(
      /order-confirmation to femke\.tijdlijn@example\.nl sent \d{1,2} \w{3} \d{4}, \d\d:\d\d/,
    );
    const notice = line(`Mail: Nieuwe bestelling ${short} – € 49,95`);
    expect(notice).toContain("order-notification to winkel@trapkracht.test");
    expect(notice).toContain("failed after 5 attempts");
    expect(notice).toContain("550 mailbox unavailable");
    const copy = line(`Mail: Nieuwe bestelling ${short} – € 49,95`, 1);
    expect(copy).toContain(`Copy of mail #${notificationId}`);
    expect(copy).toContain("waiting");
    expect(line("Dropshipment attempt 1 of 6: failed")).toContain("Supplier answered HTTP 500");
    expect(line("Supplier accepted the order (LV-000001)")).toContain("Status processing → shipped automatically");
    expect(line("Status shipped → completed")).toContain("by tijdlijn-beheer@trapkracht.test");
    const withdrawal = line("Withdrawal received (as a guest)");
    expect(withdrawal).toContain("Energiereep × 1");
    expect(withdrawal).toContain("Reason: Verkeerde smaak");
    expect(line("Refund € 25,00: paid back")).toContain("by tijdlijn-beheer@trapkracht.test");
    // Every mail of the order is there with a Resend button.
    const mailCount = (await mailsOf(orderId)).length;
    expect([...html.matchAll(/aria-label="Resend mail #\d+ to [^"]+"/g)]).toHaveLength(mailCount);

    // Oldest first, by the moments the page carries.
    const moments = entries.map((e) => Date.parse(e.iso));
    expect(moments).toEqual([...moments].sort((a, b) => a - b));

    // The service gives the same story as typed entries.
    const typed = (await loadOrderTimeline(db(), orderId))!;
    expect(typed.map((e) => e.kind)).toEqual([
      "placed",
      "payment",
      "mail",
      "mail",
      "dropshipment-attempt",
      "dropshipment-attempt",
      "supplier-accepted",
      "mail",
      "admin-change",
      "mail",
      "withdrawal",
      "mail",
      "mail",
      "refund",
      "admin-change",
      "mail",
      "admin-change",
      "mail",
    ]);
  });

  it("shows times in Amsterdam time, winter and summer", async () => {
    const c = await createCustomer(db());
    // 10:00 UTC is 11:00 in Amsterdam in January (CET, +1) and 12:00 in July (CEST, +2).
    const winter = await createOrder(db(), c.id, { createdAt: new Date("2026-01-05T10:00:00Z") });
    const summer = await createOrder(db(), c.id, { createdAt: new Date("2026-07-01T10:00:00Z") });
    expect(timelineOf((await asAdmin(`/admin/orders/${winter.id}`)).html)[0]).toMatchObject({
      iso: "2026-01-05T10:00:00.000Z",
      time: "5 Jan 2026, 11:00:00",
      title: "Order placed: € 8,95",
    });
    expect(timelineOf((await asAdmin(`/admin/orders/${summer.id}`)).html)[0]).toMatchObject({
      time: "1 Jul 2026, 12:00:00",
    });
  });

  describe("resend", () => {
    let orderId = "";
    let mailId = 0;
    beforeAll(async () => {
      const placed = await createPendingOrder(db(), payments, { appUrl: app.url, email: "opnieuw@example.nl" });
      orderId = placed.order.id;
      await payLocalSession(db(), placed.session.id, { method: "card", bank: null });
      await confirmPayment({ db: db(), payments, logger, config: app.config }, placed.session.id);
      mailId = (await mailsOf(orderId)).find((m) => m.kind === "order-confirmation")!.id;
    });
    const changesOf = () =>
      db()
        .select()
        .from(adminChanges)
        .where(and(eq(adminChanges.entityId, orderId), eq(adminChanges.action, "resend-mail")));

    it("queues one copy of the mail, with its own delivery job, and records who asked", async () => {
      const before = await outboxCount();
      const res = await act(orderId, { intent: "resend-mail", outboxId: String(mailId) });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ ok: true, title: "Mail queued again" });
      expect(await outboxCount()).toBe(before + 1);

      const original = (await db().select().from(outbox).where(eq(outbox.id, mailId)))[0]!;
      const copy = (await mailsOf(orderId)).at(-1)!;
      expect(copy.id).toBeGreaterThan(mailId);
      expect(copy).toMatchObject({
        kind: original.kind,
        toAddress: "opnieuw@example.nl",
        subject: original.subject,
        textBody: original.textBody,
        htmlBody: original.htmlBody,
        attachments: original.attachments,
        orderId,
        resentFromId: mailId,
        status: "pending",
        attempts: 0,
      });
      // The invoice PDF travels with the copy as with the original.
      expect(copy.attachments).toEqual([{ kind: "invoice", number: expect.any(Number) }]);
      const [job] = await db()
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `mail:${copy.id}`));
      expect(job).toMatchObject({ queue: "mail", status: "pending" });
      const changes = await changesOf();
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({
        entityType: "order",
        actorEmail: "tijdlijn-beheer@trapkracht.test",
        before: { outboxId: mailId },
        after: { outboxId: copy.id, kind: "order-confirmation", to: "opnieuw@example.nl" },
      });
    });

    it.each(guestAndCustomer(() => customer.cookie))(
      "is refused to $who, and nothing is queued",
      async ({ cookie }) => {
        const before = await outboxCount();
        const changes = (await changesOf()).length;
        const resend = { intent: "resend-mail", outboxId: String(mailId) };
        await expectAdminOnly(app, cookie(), [
          { path: `/admin/orders/${orderId}`, fields: resend },
          { path: `/admin/orders/${orderId}.data`, fields: resend },
        ]);
        expect(await outboxCount()).toBe(before);
        expect(await changesOf()).toHaveLength(changes);
      },
    );

    it.each([
      ["a control character", `${"1"}\u0000`],
      ["an escape in the middle", `1\u001b2`],
      ["a C1 control", `1\u0085`],
      ["no number", "abc"],
      ["zero", "0"],
      ["an empty value", ""],
    ])("refuses %s as the mail id", async (_what, value) => {
      const before = await outboxCount();
      const res = await act(orderId, { intent: "resend-mail", outboxId: value });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ ok: false, description: "Choose a mail of this order to resend." });
      expect(await outboxCount()).toBe(before);
    });

    it("refuses a mail of another order, or one that does not exist", async () => {
      const other = await createPendingOrder(db(), payments, { appUrl: app.url, email: "ander@example.nl" });
      await payLocalSession(db(), other.session.id, { method: "card", bank: null });
      await confirmPayment({ db: db(), payments, logger, config: app.config }, other.session.id);
      const othersMail = (await mailsOf(other.order.id))[0]!.id;
      const before = await outboxCount();
      for (const id of [othersMail, 999_999]) {
        const res = await act(orderId, { intent: "resend-mail", outboxId: String(id) });
        expect(res.status).toBe(404);
        expect(res.data).toMatchObject({ ok: false, description: "This order has no such mail." });
      }
      expect(await outboxCount()).toBe(before);
    });
  });

  describe("mails queued before the outbox named their order (migration 0051)", () => {
    /** The migration's own backfill statement, as it runs on a database being upgraded. */
    const backfill = readFileSync(
      path.resolve(import.meta.dirname, "../../app/db/migrations/0051_order_timeline.sql"),
      "utf8",
    )
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .find((statement) => statement.includes("Mails queued before this migration"))!;

    it("links a mail to the one order its number names, and leaves shared numbers and other mails alone", async () => {
      const c = await createCustomer(db());
      const placed = new Date("2026-03-02T09:00:00Z");
      const mailed = new Date("2026-03-02T09:05:00Z");
      const only = await createOrder(db(), c.id, { id: "5e1f00aa-1111-4111-8111-111111111111", createdAt: placed });
      // Two orders that share their first 8 characters: a number that names neither for sure.
      await createOrder(db(), c.id, { id: "7a7a7a7a-2222-4222-8222-222222222222", createdAt: placed });
      await createOrder(db(), c.id, { id: "7a7a7a7a-3333-4333-8333-333333333333", createdAt: placed });
      const mail = (kind: string, subject: string, createdAt = mailed) => ({
        kind,
        toAddress: "oud@example.nl",
        subject,
        textBody: "…",
        createdAt,
      });
      const rows = await db()
        .insert(outbox)
        .values([
          mail("order-confirmation", "Bevestiging van je bestelling 5e1f00aa bij Trapkracht"),
          mail("order-status-shipped", "Je bestelling is verzonden – bestelling #5e1f00aa"),
          mail("withdrawal-notification", "Herroeping ontvangen: bestelling #5e1f00aa (geheel)"),
          mail("dropshipment-error", "Dropshipment mislukt voor bestelling 5e1f00aa"),
          mail("order-status-completed", "Je bestelling is afgerond – bestelling #7a7a7a7a"),
          mail("contact-message", "Contactformulier: vraag over bestelling #5e1f00aa"),
          mail(
            "order-confirmation",
            "Bevestiging van je bestelling 5e1f00aa bij Trapkracht",
            new Date("2026-03-01T09:00:00Z"),
          ),
        ])
        .returning({ id: outbox.id });

      await db().execute(sql.raw(backfill));

      const linked = await db()
        .select({ id: outbox.id, orderId: outbox.orderId })
        .from(outbox)
        .where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(outbox.id));
      expect(linked.map((r) => r.orderId)).toEqual([
        only.id,
        only.id,
        only.id,
        only.id,
        null, // two orders share 7a7a7a7a
        null, // a contact message is about no order, whatever its subject says
        null, // queued before that order existed
      ]);
    });
  });
});
