import { and, asc, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { customers, invoices, orderItems, orderRefunds, orders, shippingAddresses } from "~/db/schema";
import { vatIncluded } from "~/shared/money/money";
import { parcelAddressLines } from "./order-summary";

/**
 * Invoices (issue 11): every paid order gets one, every refund a credit invoice, numbered from one
 * counter without gaps (see the schema). The PDF is drawn from the order when it is downloaded.
 */
async function nextNumber(tx: DbExecutor): Promise<number> {
  const [row] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`UPDATE invoice_counter SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number`),
  );
  if (!row) throw new Error("invoice_counter has no row (migration invoice_counter_start)");
  return Number(row.last_number);
}

/** The order's invoice, issued now if it has none yet (in the caller's transaction). */
export async function issueInvoice(tx: DbExecutor, orderId: string): Promise<number> {
  const [existing] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  if (existing) return existing.number;
  const number = await nextNumber(tx);
  await tx.insert(invoices).values({ number, kind: "invoice", orderId });
  return number;
}

export async function issueCreditInvoice(tx: DbExecutor, orderId: string, refundId: string): Promise<number> {
  const number = await nextNumber(tx);
  await tx.insert(invoices).values({ number, kind: "credit", orderId, refundId });
  return number;
}

export type InvoiceDocument = {
  number: number;
  kind: "invoice" | "credit";
  issuedAt: Date;
  orderId: string;
  orderDate: Date;
  customer: { name: string; email: string; address: string[] };
  lines: { artNo: string; name: string; quantity: number; unitCents: number; vatRate: number; totalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  totalCents: number;
  vatLines: { rate: number; amountCents: number }[];
  /** For a credit invoice: the invoice it corrects. */
  creditsInvoice: number | null;
};

/** Everything the PDF shows for invoice `number`, or null. Amounts of a credit invoice are positive (credited). */
export async function getInvoiceDocument(db: DbExecutor, number: number): Promise<InvoiceDocument | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.number, number));
  if (!invoice) return null;
  const [row] = await db
    .select({ order: orders, customer: customers, address: shippingAddresses })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shippingAddresses, eq(shippingAddresses.id, orders.shippingAddressId))
    .where(eq(orders.id, invoice.orderId));
  if (!row) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, invoice.orderId))
    .orderBy(asc(orderItems.id));
  const name = `${row.customer.firstName} ${row.customer.lastName}`.trim();
  const base = {
    number: invoice.number,
    kind: invoice.kind,
    issuedAt: invoice.issuedAt,
    orderId: row.order.id,
    orderDate: row.order.createdAt,
    customer: { name, email: row.customer.email, address: parcelAddressLines(name, row.address).slice(1) },
  };
  if (invoice.kind === "invoice") {
    return {
      ...base,
      lines: items.map((i) => ({
        artNo: i.productId,
        name: i.productName,
        quantity: i.quantity,
        unitCents: i.productPriceCents,
        vatRate: i.vatRate,
        totalCents: i.productPriceCents * i.quantity,
      })),
      subtotalCents: row.order.subtotalCents,
      discountCents: row.order.discountCents,
      couponCode: row.order.couponCode,
      shippingCents: row.order.shippingCents,
      totalCents: row.order.totalAmountCents,
      vatLines: row.order.vatLines,
      creditsInvoice: null,
    };
  }
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, invoice.refundId!));
  const [original] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, invoice.orderId), eq(invoices.kind, "invoice")));
  // Lines at the price they were sold for; what the order's discount took off them is credited
  // as the discount, so subtotal − discount + shipping is what was paid back (refund-allocation.ts).
  const lines = (refund?.lines ?? []).map((l) => {
    const item = items.find((i) => i.id === l.orderItemId)!;
    return {
      artNo: item.productId,
      name: item.productName,
      quantity: l.quantity,
      unitCents: item.productPriceCents,
      vatRate: item.vatRate,
      totalCents: item.productPriceCents * l.quantity,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const shippingCents = refund?.shippingCents ?? 0;
  const amount = refund?.amountCents ?? 0;
  const discountCents = Math.max(0, subtotalCents + shippingCents - amount);
  return {
    ...base,
    lines,
    subtotalCents,
    discountCents,
    couponCode: discountCents > 0 ? row.order.couponCode : null,
    shippingCents,
    totalCents: amount,
    vatLines: refund?.vatLines ?? legacyCreditVat(lines, shippingCents, amount, row.order.vatLines),
    creditsInvoice: original?.number ?? null,
  };
}

/**
 * VAT of a refund made before migration 0050 stored its own: the lines at their rate, shipping at
 * the order's main rate, scaled down when a discount capped the refund.
 */
function legacyCreditVat(
  lines: { vatRate: number; totalCents: number }[],
  shippingCents: number,
  amount: number,
  orderVat: { rate: number; amountCents: number }[],
) {
  return legacyCreditSplit(lines, shippingCents, amount, orderVat).map(({ rate, amountCents }) => ({
    rate,
    amountCents,
  }));
}

/** The same split with the amount credited per rate (VAT included), for the VAT return (admin-reports). */
export function legacyCreditSplit(
  lines: { vatRate: number; totalCents: number }[],
  shippingCents: number,
  amount: number,
  orderVat: { rate: number; amountCents: number }[],
): { rate: number; grossCents: number; amountCents: number }[] {
  const gross = new Map<number, number>();
  for (const l of lines) gross.set(l.vatRate, (gross.get(l.vatRate) ?? 0) + l.totalCents);
  if (shippingCents > 0) {
    const main = [...orderVat].sort((a, b) => b.amountCents - a.amountCents)[0]?.rate ?? 21;
    gross.set(main, (gross.get(main) ?? 0) + shippingCents);
  }
  const wanted = [...gross.values()].reduce((a, b) => a + b, 0);
  const scale = wanted > 0 ? amount / wanted : 1;
  return [...gross.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, cents]) => {
      const grossCents = Math.round(cents * scale);
      return { rate, grossCents, amountCents: vatIncluded(grossCents, rate) };
    });
}

/** The invoices of an order (its invoice and credit invoices), oldest first. */
export async function listInvoices(db: DbExecutor, orderId: string) {
  return db
    .select({ number: invoices.number, kind: invoices.kind, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.number));
}
