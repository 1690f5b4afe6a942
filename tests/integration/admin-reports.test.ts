import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, orders, orderWithdrawals } from "../../app/db/schema";
import { orderItemsOf, payOnPaymentPage, placeOrderAtCheckout, postRefund } from "../support/checkout-factories";
import { createCoupon } from "../support/coupon-factories";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { pdfText, vatRows } from "../support/pdf-text";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

/**
 * Issue 29, item 4: the Reports tab. Orders are placed through the real checkout, paid on the local
 * payment page and refunded through the admin's refund intent, so the invoices and credit notes are
 * the real ones. Every figure is worked out by hand in the comments; the VAT return must also equal
 * what the invoice and credit-note PDFs of the period print, added up.
 */
const fixture = useTestApp({ PAYMENT_PROVIDER: "local" });
const { app, database } = fixture;
const db = () => database.db;

/** Today on the clock in Amsterdam: the test period (everything paid in this file is paid today). */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
const PERIOD = `from=${today}&to=${today}`;

let admin: Awaited<ReturnType<typeof signedInUser>>;
let shopper: Awaited<ReturnType<typeof signedInUser>>;
let couponCode: string;
const orderIds: Record<"a" | "b" | "c" | "d" | "e", string> = { a: "", b: "", c: "", d: "", e: "" };
const productNames: Record<string, string> = {};
let ip = 0;

async function placeAndPay(
  lines: { name: string; priceCents: number; quantity: number; vatRate: number }[],
  coupon = "",
) {
  const cart = [];
  for (const line of lines) {
    const product = await createProduct(db(), {
      consumerPriceCents: line.priceCents,
      vatRate: line.vatRate,
      shortDescription: line.name,
    });
    productNames[line.name] = String(product.artNo);
    cart.push({ artNo: product.artNo, quantity: line.quantity });
  }
  ip += 1;
  const order = await placeOrderAtCheckout(app, db(), { cart, couponCode: coupon, ip: `10.29.4.${ip}` });
  await payOnPaymentPage(app, order.paymentSessionId!);
  return { orderId: order.id, items: await orderItemsOf(db(), order.id) };
}

async function refund(orderId: string, fields: Record<string, string>, confirmedCents: number) {
  const res = await postRefund(app, admin.cookie, orderId, fields, confirmedCents);
  expect(res.data).toMatchObject({ ok: true });
}

/** An order's invoice dated last year (as if paid then): the report of today must leave it out. */
async function dateInvoiceLastYear(orderId: string) {
  const then = new Date("2025-06-15T10:00:00Z");
  await db()
    .update(invoices)
    .set({ issuedAt: then })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  await db().update(orders).set({ createdAt: then, paidAt: then }).where(eq(orders.id, orderId));
}

const asAdmin = (path: string) => app.get(path, { headers: { cookie: admin.cookie } });

/** The page's visible text, tags removed, spaces (also non-breaking ones) collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();

/** The rows of a table on the page, as their visible text. */
const rows = (html: string, label: string) => {
  const region = html.slice(html.indexOf(`aria-label="${label}"`));
  const table = region.slice(0, region.indexOf("</table>"));
  return [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((m) => text(m[1]!));
};

const csvLines = async (res: Response) => {
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // The byte order mark Excel needs (fetch's text() would drop it without a word).
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1).split("\r\n").filter(Boolean);
};

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "boekhouding@trapkracht.test" });
  shopper = await signedInUser(app, db(), { email: "klant-rapport@example.nl" });
  const coupon = await createCoupon(db(), { discountAmountCents: 500 });
  couponCode = coupon.code;

  // A: pads 2 × 20,00 (21 %) + gel 1 × 10,00 (9 %) = 50,00, coupon − 5,00 = 45,00, under 50,00, so
  // + 4,95 shipping: 49,95. Discount and shipping over the rates 40 : 10: 4,00 + 1,00 and 3,96 + 0,99.
  // 21 %: 40,00 − 4,00 + 3,96 = 39,96 → VAT 3996 − 3996 / 1,21 = 3996 − 3302,48 = 693,52 → 6,94.
  // 9 %: 10,00 − 1,00 + 0,99 = 9,99 → VAT 999 − 999 / 1,09 = 999 − 916,51 = 82,49 → 0,82.
  const a = await placeAndPay(
    [
      { name: "Remblokken Rapport", priceCents: 2000, quantity: 2, vatRate: 21 },
      { name: "Energiegel Rapport", priceCents: 1000, quantity: 1, vatRate: 9 },
    ],
    couponCode,
  );
  orderIds.a = a.orderId;
  // B: a bar 60,00 (9 %), free shipping: 60,00; VAT 6000 − 6000 / 1,09 = 6000 − 5504,59 = 495,41 → 4,95.
  orderIds.b = (await placeAndPay([{ name: "Sportreep Rapport", priceCents: 6000, quantity: 1, vatRate: 9 }])).orderId;
  // C: a chain 2 × 60,50 (21 %) = 121,00; VAT 121,00 − 100,00 = 21,00.
  orderIds.c = (await placeAndPay([{ name: "Ketting Rapport", priceCents: 6050, quantity: 2, vatRate: 21 }])).orderId;
  // D: paid last year with the same coupon, never refunded: in no figure of today.
  orderIds.d = (
    await placeAndPay([{ name: "Bidon Vorig Jaar", priceCents: 2500, quantity: 1, vatRate: 9 }], couponCode)
  ).orderId;
  await dateInvoiceLastYear(orderIds.d);
  // E: paid last year (30,00 at 21 % + 4,95 shipping = 34,95; VAT 3495 − 2888,43 = 606,57 → 6,07),
  // refunded in full today: its credit note belongs to today, its invoice does not.
  const e = await placeAndPay([{ name: "Zadel Vorig Jaar", priceCents: 3000, quantity: 1, vatRate: 21 }]);
  orderIds.e = e.orderId;
  await dateInvoiceLastYear(orderIds.e);

  // The shopper withdrew one pad from A ("Verkeerde maat"); the admin refunds one of the two pads:
  // the line cost 40,00 − 4,00 = 36,00, one piece 18,00; VAT 1800 − 1800 / 1,21 = 1800 − 1487,60 → 3,12.
  await db()
    .insert(orderWithdrawals)
    .values({
      orderId: a.orderId,
      channel: "guest",
      reason: "Verkeerde maat",
      refundDueAt: new Date(Date.now() + 14 * 864e5),
    });
  await refund(a.orderId, { [`refund-qty-${a.items[0]!.id}`]: "1" }, 1800);
  await refund(e.orderId, { [`refund-qty-${e.items[0]!.id}`]: "1", refundShipping: "on" }, 3495);
});

describe("VAT return", () => {
  // Invoices of today: A, B, C (3). 21 %: 39,96 + 121,00 = 160,96 incl. VAT, VAT 6,94 + 21,00 = 27,94.
  // 9 %: 9,99 + 60,00 = 69,99, VAT 0,82 + 4,95 = 5,77.
  // Credit notes of today: A's 18,00 (VAT 3,12) and E's 34,95 (VAT 6,07), both 21 % (2):
  // 52,95 incl. VAT, VAT 9,19.
  // 1a (21 %): 160,96 − 52,95 = 108,01 incl. VAT, VAT 27,94 − 9,19 = 18,75, turnover 108,01 − 18,75 = 89,26.
  // 1b (9 %): 69,99 incl. VAT, VAT 5,77, turnover 64,22. 1e (0 %): nothing.
  // 5a: 18,75 + 5,77 = 24,52. In whole euros, rounded down: 89 / 18, 64 / 5, and 5a 18 + 5 = 23.
  // Together 108,01 + 69,99 = 178,00 incl. VAT.

  it("shows rubrics 1a, 1b and 1e with the period's turnover and VAT, and the counts", async () => {
    const res = await asAdmin(`/admin/reports?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(text(html)).toContain("3 invoices and 2 credit notes dated in this period, together € 178,00 incl. VAT.");
    expect(rows(html, "VAT return rubrics")).toEqual([
      "Rubric Turnover excl. VAT VAT",
      "1a · 21 % Leveringen/diensten belast met hoog tarief € 89,26 In the return: € 89 € 18,75 In the return: € 18",
      "1b · 9 % Leveringen/diensten belast met laag tarief € 64,22 In the return: € 64 € 5,77 In the return: € 5",
      "1e · 0 % Leveringen/diensten belast met 0% of niet bij u belast € 0,00 In the return: € 0 € 0,00 In the return: € 0",
      "5a Verschuldigde btw € 24,52 In the return: € 23",
    ]);
    expect(rows(html, "Invoices and credit notes per rate")).toEqual([
      "Rate Invoices incl. VAT Of which VAT Credit notes incl. VAT Of which VAT",
      "21 % € 160,96 € 27,94 € -52,95 € -9,19",
      "9 % € 69,99 € 5,77 € 0,00 € 0,00",
      "0 % € 0,00 € 0,00 € 0,00 € 0,00",
    ]);
  });

  it("equals the invoices and credit notes of the period added up, as their PDFs print them", async () => {
    const documents = await db()
      .select({ number: invoices.number, kind: invoices.kind })
      .from(invoices)
      .where(sql`${invoices.issuedAt} >= now() - interval '1 day'`)
      .orderBy(asc(invoices.number));
    expect(documents.filter((d) => d.kind === "invoice")).toHaveLength(3);
    expect(documents.filter((d) => d.kind === "credit")).toHaveLength(2);
    const cents = (euro: string) => Number(euro.replace(/[€\s.]/g, "").replace(",", ""));
    const vat = new Map<string, number>();
    let total = 0;
    for (const doc of documents) {
      const res = await asAdmin(`/factuur/${doc.number}`);
      const printed = await pdfText(new Uint8Array(await res.arrayBuffer()));
      // Credit notes print their amounts below zero.
      for (const [label, amount] of vatRows(printed)) vat.set(label, (vat.get(label) ?? 0) + cents(amount));
      const lines = printed.split("\n").filter((l) => l.trim() !== "");
      const totalLabel = lines.findIndex((l) => l === "Totaal" || l === "Totaal gecrediteerd");
      total += cents(lines[totalLabel + 1]!);
    }
    expect(Object.fromEntries(vat)).toEqual({ "Waarvan btw 21%": 1875, "Waarvan btw 9%": 577 });
    expect(total).toBe(17800);
  });

  it("downloads as CSV with the same figures, private and never stored", async () => {
    const res = await asAdmin(`/admin/reports/vat-return.csv?${PERIOD}`);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="vat-return-${today}-to-${today}.csv"`);
    expect(await csvLines(res)).toEqual([
      `Period;${today};${today}`,
      "Invoices;3",
      "Credit notes;2",
      "Rubric;Description;VAT rate %;Invoices incl. VAT;Invoices VAT;Credit notes incl. VAT;Credit notes VAT;Turnover excl. VAT;VAT;Return: turnover (whole euros);Return: VAT (whole euros)",
      "1a;Leveringen/diensten belast met hoog tarief;21;160,96;27,94;52,95;9,19;89,26;18,75;89;18",
      "1b;Leveringen/diensten belast met laag tarief;9;69,99;5,77;0,00;0,00;64,22;5,77;64;5",
      "1e;Leveringen/diensten belast met 0% of niet bij u belast;0;0,00;0,00;0,00;0,00;0,00;0,00;0;0",
      "5a;Verschuldigde btw;;;;;;153,48;24,52;;23",
    ]);
  });

  it("last year's period holds D and E's invoices, not today's documents", async () => {
    // D: 25,00 − 5,00 = 20,00 + 4,95 = 24,95 at 9 %: VAT 2495 − 2288,99 = 206,01 → 2,06; turnover 22,89.
    // E: 34,95 at 21 %, VAT 6,07, turnover 28,88. E's credit note is dated today, so not here.
    const lines = await csvLines(await asAdmin("/admin/reports/vat-return.csv?from=2025-06-01&to=2025-06-30"));
    expect(lines.slice(1, 3)).toEqual(["Invoices;2", "Credit notes;0"]);
    expect(lines[4]).toBe("1a;Leveringen/diensten belast met hoog tarief;21;34,95;6,07;0,00;0,00;28,88;6,07;28;6");
    expect(lines[5]).toBe("1b;Leveringen/diensten belast met laag tarief;9;24,95;2,06;0,00;0,00;22,89;2,06;22;2");
  });
});

describe("refunds, coupon use and best sellers", () => {
  it("lists each credit note of the period with its VAT, reason and who refunded, and the total", async () => {
    const html = await (await asAdmin(`/admin/reports?report=refunds&${PERIOD}`)).text();
    const table = rows(html, "Refunds table");
    expect(table).toHaveLength(4);
    expect(table[1]).toMatch(
      new RegExp(`#${orderIds.a.slice(0, 8)}.*€ 18,00 € 3,12 Verkeerde maat boekhouding@trapkracht.test`, "i"),
    );
    expect(table[2]).toMatch(
      new RegExp(`#${orderIds.e.slice(0, 8)}.*€ 34,95 € 6,07 — boekhouding@trapkracht.test`, "i"),
    );
    expect(table[3]).toBe("Total (2) € 52,95 € 9,19");

    const csv = await csvLines(await asAdmin(`/admin/reports/refunds.csv?${PERIOD}`));
    expect(csv[0]).toBe("Date;Credit note;Order;Amount incl. VAT;VAT;VAT 21 %;VAT 9 %;Reason;By");
    expect(csv[1]).toMatch(
      new RegExp(`;${orderIds.a};18,00;3,12;3,12;0,00;Verkeerde maat;boekhouding@trapkracht.test$`),
    );
    expect(csv[2]).toMatch(new RegExp(`;${orderIds.e};34,95;6,07;6,07;0,00;;boekhouding@trapkracht.test$`));
    expect(csv[3]).toBe("Total;;;52,95;9,19;9,19;0,00;;");
  });

  it("counts the coupon's uses in the period only: one use, 5,00 off, 49,95 invoiced, 18,00 refunded since", async () => {
    const html = await (await asAdmin(`/admin/reports?report=coupons&${PERIOD}`)).text();
    expect(rows(html, "Coupon use table")).toEqual([
      "Coupon Uses Discount given Revenue incl. VAT Refunded since",
      `${couponCode} 1 € 5,00 € 49,95 € 18,00`,
    ]);
    expect(await csvLines(await asAdmin(`/admin/reports/coupon-use.csv?${PERIOD}`))).toEqual([
      "Coupon;Uses;Discount given;Revenue incl. VAT;Refunded since",
      `${couponCode};1;5,00;49,95;18,00`,
    ]);
  });

  it("ranks the products by pieces sold less pieces refunded, then revenue at the sold price", async () => {
    // Chain 2 (121,00); bar 1 (60,00); pads 2 − 1 refunded = 1 (20,00); gel 1 (10,00). D and E: last year.
    // (A phone shows sold and refunded under the name instead of in their own columns.)
    const html = await (await asAdmin(`/admin/reports?report=products&${PERIOD}`)).text();
    expect(rows(html, "Best-selling products table")).toEqual([
      "# Product Sold Refunded Net Revenue incl. VAT",
      `1 Ketting Rapport ${productNames["Ketting Rapport"]} 2 sold · 0 refunded 2 0 2 € 121,00`,
      `2 Sportreep Rapport ${productNames["Sportreep Rapport"]} 1 sold · 0 refunded 1 0 1 € 60,00`,
      `3 Remblokken Rapport ${productNames["Remblokken Rapport"]} 2 sold · 1 refunded 2 1 1 € 20,00`,
      `4 Energiegel Rapport ${productNames["Energiegel Rapport"]} 1 sold · 0 refunded 1 0 1 € 10,00`,
    ]);
    expect(await csvLines(await asAdmin(`/admin/reports/best-sellers.csv?${PERIOD}`))).toEqual([
      "Rank;ArtNo;Product;Sold;Refunded;Net pieces;Revenue incl. VAT",
      `1;${productNames["Ketting Rapport"]};Ketting Rapport;2;0;2;121,00`,
      `2;${productNames["Sportreep Rapport"]};Sportreep Rapport;1;0;1;60,00`,
      `3;${productNames["Remblokken Rapport"]};Remblokken Rapport;2;1;1;20,00`,
      `4;${productNames["Energiegel Rapport"]};Energiegel Rapport;1;0;1;10,00`,
    ]);
  });
});

describe("period", () => {
  it("refuses a From date after the To date, and an unreadable date, on the page and in the CSV", async () => {
    const page = await asAdmin("/admin/reports?from=2026-03-02&to=2026-03-01");
    expect(page.status).toBe(400);
    expect(text(await page.text())).toContain("The From date is after the To date.");
    const csv = await asAdmin("/admin/reports/refunds.csv?from=2026-02-30&to=2026-03-01");
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain("Enter the dates as yyyy-mm-dd.");
  });

  it("is the Reports tab after Customers and E-mails, on this month when no dates are given", async () => {
    const html = await (await asAdmin("/admin/reports")).text();
    const tabs = [...html.matchAll(/href="\/admin\/(customers|emails|reports|coupons)"/g)].map((m) => m[1]);
    expect(tabs.slice(0, 4)).toEqual(["customers", "emails", "reports", "coupons"]);
    const month = today.slice(0, 7);
    expect(html).toMatch(new RegExp(`name="from"[^>]*value="${month}-01"`));
    expect(html).toContain('aria-current="page"');
  });
});

describe("access", () => {
  it.each(guestAndCustomer(() => shopper.cookie))("refuses the page and every CSV to $who", async ({ cookie }) => {
    await expectAdminOnly(
      app,
      cookie(),
      [
        `/admin/reports?${PERIOD}`,
        `/admin/reports.data?${PERIOD}`,
        `/admin/reports/vat-return.csv?${PERIOD}`,
        `/admin/reports/refunds.csv?${PERIOD}`,
        `/admin/reports/coupon-use.csv?${PERIOD}`,
        `/admin/reports/best-sellers.csv?${PERIOD}`,
      ],
      { hidden: ["Verschuldigde", "boekhouding@trapkracht.test"] },
    );
  });
});
