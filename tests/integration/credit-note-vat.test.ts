import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, orders } from "../../app/db/schema";
import type { PaymentProvider } from "../../app/features/payments/provider";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createPaidOrder, orderItemsOf, postRefund, type PendingLineInput } from "../support/checkout-factories";
import { useTestApp } from "../support/fixture";
import { pdfText, vatRows } from "../support/pdf-text";
import { signedInUser } from "../support/users";

/**
 * The VAT of refunded shipping on a credit invoice of an order with goods at 21 % and 9 %, read back
 * from the PDF. The rule (refund-allocation.ts, ADR 0028): credited shipping is shared over the rates
 * as the order's own invoice shared it, in proportion to the goods (ADR 0009): shipping 4,95 over
 * goods a and b gives a × 4,95 / (a + b) and the rest, whole cents by largest remainder. VAT in an
 * amount is amount − amount / (1 + rate/100), to the cent (spec 2 §9). (Before issue 28 refunded
 * shipping went wholly to the order's main rate, so credit notes did not add up to the invoice.)
 */
describe("shipping VAT on a credit invoice of a mixed 21 %/9 % order, shared as on the invoice", () => {
  const { app, database } = useTestApp();
  const db = () => database.db;
  let payments: PaymentProvider;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    payments = createPaymentProvider({ db: db(), config: app.config, logger: createLogger("silent") });
    admin = await signedInUser(app, db(), {
      role: "admin",
      email: `credit-vat-${crypto.randomUUID()}@trapkracht.test`,
    });
  });

  async function paidOrder(lines: PendingLineInput[]) {
    const { order } = await createPaidOrder(app, db(), payments, { lines });
    return { orderId: order.id, items: await orderItemsOf(db(), order.id) };
  }
  /** Refunds, then reads the credit invoice's VAT rows and total from its PDF. */
  async function creditPdf(orderId: string, fields: Record<string, string>, confirmedCents: number) {
    const refunded = await postRefund(app, admin.cookie, orderId, fields, confirmedCents);
    expect(refunded.data.ok).toBe(true);
    const [credit] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit")));
    const res = await app.get(`/factuur/${credit!.number}`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    return pdfText(new Uint8Array(await res.arrayBuffer()));
  }

  it("shipping alone refunded: credited at both rates in the invoice's shares", async () => {
    const { orderId } = await paidOrder([
      { priceCents: 500, quantity: 1, vatRate: 21, name: "Ventieldopjes" },
      { priceCents: 1000, quantity: 4, vatRate: 9, name: "Energiegel" },
    ]);
    // Goods 5,00 (21 %) + 40,00 (9 %) = 45,00, under 50,00: shipping 4,95, total 49,95. Shipping
    // shared: 4,95 × 5 / 45 = 0,55 at 21 %, 4,95 × 40 / 45 = 4,40 at 9 %. VAT on the invoice:
    // 21 %: 5,55 − 5,55 / 1,21 = 0,9632 → 0,96; 9 %: 44,40 − 44,40 / 1,09 = 3,6661 → 3,67.
    expect(await db().select().from(orders).where(eq(orders.id, orderId))).toMatchObject([
      {
        shippingCents: 495,
        totalAmountCents: 4995,
        vatLines: [
          { rate: 21, amountCents: 96 },
          { rate: 9, amountCents: 367 },
        ],
      },
    ]);
    // Shipping alone refunded: 0,55 at 21 % → 0,55 − 0,55 / 1,21 = 0,0955 → 0,10; 4,40 at 9 % →
    // 4,40 − 4,40 / 1,09 = 0,3633 → 0,36. (All at 9 % it was 0,41; all at 21 % 0,86.)
    const text = await creditPdf(orderId, { refundShipping: "on" }, 495);
    expect(text).toContain("Totaal gecrediteerd");
    expect(text).toContain("€ -4,95");
    expect(vatRows(text)).toEqual([
      ["Waarvan btw 21%", "€ -0,10"],
      ["Waarvan btw 9%", "€ -0,36"],
    ]);
  });

  it("a 9 % line and shipping refunded: the line at 9 %, shipping in the invoice's shares", async () => {
    const { orderId, items } = await paidOrder([
      { priceCents: 1995, quantity: 2, vatRate: 21, name: "Kettingolie 50 ml" },
      { priceCents: 895, quantity: 1, vatRate: 9, name: "Energiereep" },
    ]);
    // Goods 39,90 (21 %) + 8,95 (9 %) = 48,85, under 50,00: shipping 4,95, total 53,80. Shipping
    // shared: 495 × 3990 / 4885 = 404,31 and 495 × 895 / 4885 = 90,69 cents → 404 + 90 = 494, the
    // last cent to the larger remainder (0,69): 404 at 21 %, 91 at 9 %. VAT on the invoice:
    // 21 %: 43,94 − 43,94 / 1,21 = 7,6260 → 7,63; 9 %: 9,86 − 9,86 / 1,09 = 0,8141 → 0,81.
    expect(await db().select().from(orders).where(eq(orders.id, orderId))).toMatchObject([
      {
        shippingCents: 495,
        totalAmountCents: 5380,
        vatLines: [
          { rate: 21, amountCents: 763 },
          { rate: 9, amountCents: 81 },
        ],
      },
    ]);
    // The bar and shipping refunded: 8,95 + 4,95 = 13,90 credited. 21 %: shipping's 4,04 →
    // 4,04 − 4,04 / 1,21 = 0,7012 → 0,70; 9 %: bar 8,95 + shipping's 0,91 = 9,86 → 9,86 − 9,86 / 1,09
    // = 0,8141 → 0,81 (the bar and all of the shipping at 9 %: the whole 9 % VAT of the invoice).
    const text = await creditPdf(orderId, { [`refund-qty-${items[1]!.id}`]: "1", refundShipping: "on" }, 1390);
    expect(text).toContain("€ -13,90");
    expect(vatRows(text)).toEqual([
      ["Waarvan btw 21%", "€ -0,70"],
      ["Waarvan btw 9%", "€ -0,81"],
    ]);
  });
});
