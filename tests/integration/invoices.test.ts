import crypto from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customers, invoices, orderItems, orders } from "../../app/db/schema";
import { startMailDelivery } from "../../app/features/mail/delivery.server";
import { resolveMailAttachment } from "../../app/features/shopper-orders/mail-attachments.server";
import { guestOrderToken } from "../../app/features/shopper-orders/index.server";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { TEST_AUTH_SECRET } from "../support/app";
import { createPaidOrder, createPendingOrder, type PendingLineInput } from "../support/checkout-factories";
import { useTestApp } from "../support/fixture";
import { startMailbox } from "../support/mailbox";
import { pdfText, vatRows } from "../support/pdf-text";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

describe("invoices", () => {
  const { app, database } = useTestApp();
  const db = () => database.db;
  let payments: PaymentProvider;
  beforeAll(async () => {
    payments = createPaymentProvider({ db: db(), config: app.config, logger: createLogger("silent") });
  });

  const guestCookie = (orderId: string) => `trapkracht_bestelling=${guestOrderToken(TEST_AUTH_SECRET, orderId)}`;
  async function paidOrder(lines?: PendingLineInput[]) {
    const { order } = await createPaidOrder(app, db(), payments, { lines });
    return order.id;
  }
  const invoiceOf = async (orderId: string) =>
    (await db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number)))[0]!;
  const download = (number: number, cookie = "") => app.get(`/factuur/${number}`, { headers: { cookie } });

  it("a paid order gets an invoice whose PDF shows the shop, the lines, VAT per rate, shipping and total", async () => {
    const orderId = await paidOrder([
      { priceCents: 1995, quantity: 2, vatRate: 21, name: "Kettingolie 50 ml", brand: "Muc-Off" },
      { priceCents: 250, quantity: 3, vatRate: 9, name: "Energiereep banaan", brand: "Isostar" },
    ]);
    const invoice = await invoiceOf(orderId);
    expect(invoice.kind).toBe("invoice");
    const res = await download(invoice.number, guestCookie(orderId));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`factuur-${String(invoice.number).padStart(6, "0")}.pdf`);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(`Factuur ${String(invoice.number).padStart(6, "0")}`);
    expect(text).toContain("Trapkracht B.V.");
    expect(text).toContain("KvK 12345678");
    expect(text).toContain("btw NL123456789B01");
    expect(text).toContain("Kettingolie 50 ml");
    expect(text).toContain("Energiereep banaan");
    expect(text).toMatch(/€ 39,90/);
    expect(text).toMatch(/€ 7,50/);
    // Worked out by hand (spec 2 §9, ADR 0009): goods 39,90 (21 %) + 7,50 (9 %) = 47,40, under the
    // 50,00 of free shipping, so 4,95 shipping: total 52,35. Shipping is shared over the rates in
    // proportion to the goods: 495 × 3990 / 4740 = 416,68 and 495 × 750 / 4740 = 78,32 cents,
    // 416 + 78 = 494, the last cent to the larger remainder (0,68): 417 at 21 %, 78 at 9 %.
    // VAT 21 %: 44,07 − 44,07 / 1,21 = 7,6485 → 7,65; VAT 9 %: 8,28 − 8,28 / 1,09 = 0,6837 → 0,68.
    expect(text).toContain("Verzendkosten");
    expect(text).toMatch(/€ 4,95/);
    expect(text).toMatch(/€ 52,35/);
    expect(vatRows(text)).toEqual([
      ["Waarvan btw 21%", "€ 7,65"],
      ["Waarvan btw 9%", "€ 0,68"],
    ]);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      totalAmountCents: 5235,
      vatLines: [
        { rate: 21, amountCents: 765 },
        { rate: 9, amountCents: 68 },
      ],
    });
  });

  it("the confirmation mail carries the invoice as a PDF attachment", async () => {
    const mailbox = await startMailbox();
    const delivery = startMailDelivery({
      db: db(),
      smtpUrl: mailbox.smtpUrl,
      from: "Trapkracht <noreply@trapkracht.test>",
      logger: createLogger("silent"),
      intervalMs: 3_600_000,
      resolveAttachment: resolveMailAttachment,
    });
    try {
      const orderId = await paidOrder([{ priceCents: 1295, quantity: 1, vatRate: 21, name: "Bidon 750 ml" }]);
      const { number } = await invoiceOf(orderId);
      await delivery.runOnce();
      const [customer] = await db()
        .select({ email: customers.email })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, orderId));
      const mail = mailbox.messages.find(
        (m) => m.to.includes(customer!.email.toLowerCase()) && /Bevestiging/.test(m.subject),
      )!;
      expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
        [`factuur-${String(number).padStart(6, "0")}.pdf`, "application/pdf"],
      ]);
      const text = await pdfText(new Uint8Array(Buffer.from(mail.attachments[0]!.contentBase64, "base64")));
      expect(text).toContain("Bidon 750 ml");
    } finally {
      await delivery.stop();
      await mailbox.close();
    }
  });

  it("numbers are consecutive without gaps, also for payments confirmed at the same time", async () => {
    const pending = await Promise.all(
      Array.from({ length: 6 }, () => createPendingOrder(db(), payments, { appUrl: app.url })),
    );
    await Promise.all(
      pending.map(({ session }) =>
        app.post(`/betaalpagina/${session.id}`, { intent: "pay", method: "ideal", bank: "ING" }),
      ),
    );
    const all = await db().select({ number: invoices.number }).from(invoices).orderBy(asc(invoices.number));
    const numbers = all.map((i) => i.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const issued = await db()
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(
        inArray(
          invoices.orderId,
          pending.map((p) => p.order.id),
        ),
      );
    expect(issued).toHaveLength(6);
  });

  it("only the admin and the shopper whose order it is may download it", async () => {
    const orderId = await paidOrder();
    const { number } = await invoiceOf(orderId);
    const other = await signedInUser(app, db(), { email: `ander-${crypto.randomUUID()}@example.nl` });
    const admin = await signedInUser(app, db(), {
      role: "admin",
      email: `factuur-${crypto.randomUUID()}@trapkracht.test`,
    });
    expect((await download(number)).status).toBe(404);
    expect((await download(number, other.cookie)).status).toBe(404);
    expect((await download(number, guestCookie(crypto.randomUUID()))).status).toBe(404);
    expect((await download(number + 1000)).status).toBe(404);
    expect((await download(number, admin.cookie)).status).toBe(200);
    expect((await download(number, guestCookie(orderId))).status).toBe(200);
    // The order page links it.
    const page = await app.html("/bestelling", { headers: { cookie: guestCookie(orderId) } });
    expect(page.html).toContain(`href="/factuur/${number}"`);
  });

  it("a refund produces a credit invoice that names the invoice it corrects", async () => {
    const orderId = await paidOrder([{ priceCents: 1500, quantity: 2, vatRate: 21, name: "Zadelpen" }]);
    const original = await invoiceOf(orderId);
    const admin = await signedInUser(app, db(), {
      role: "admin",
      email: `credit-${crypto.randomUUID()}@trapkracht.test`,
    });
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const refunded = await postToAction<{ ok: boolean }>(
      app,
      `/admin/orders/${orderId}`,
      // One of two pieces of 15,00, no discount: 15,00 back.
      {
        intent: "refund",
        [`refund-qty-${line!.id}`]: "1",
        refundKey: crypto.randomUUID(),
        confirmedAmountCents: "1500",
      },
      { cookie: admin.cookie },
    );
    expect(refunded.data.ok).toBe(true);
    const all = await db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number));
    expect(all.map((i) => i.kind)).toEqual(["invoice", "credit"]);
    const res = await download(all[1]!.number, guestCookie(orderId));
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(`Creditfactuur ${String(all[1]!.number).padStart(6, "0")}`);
    expect(text).toContain(`Crediteert factuur ${String(original.number).padStart(6, "0")}`);
    expect(text).toContain("Zadelpen");
    expect(text).toContain("Totaal gecrediteerd");
    expect(text).toMatch(/€ -15,00/);
    // One Zadelpen of 15,00 at 21 %: 15,00 − 15,00 / 1,21 = 2,6033 → 2,60 VAT credited.
    expect(vatRows(text)).toEqual([["Waarvan btw 21%", "€ -2,60"]]);
  });
});
