import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import type { AdminOrdersFilters } from "~/features/orders";
import { orderStatusLabel, paymentStatusLabel } from "~/features/shopper-orders/status";
import { CSV_BOM, csvMoney, csvRow, csvText } from "~/shared/csv/csv";
import { walkOrders } from "./order-walk.server";

/** Orders read per query: large enough that 100 000 orders take ~100 round trips, small enough to stream. */
export const EXPORT_BATCH_SIZE = 1000;

export const EXPORT_HEADER = [
  "Order",
  "Date",
  "Customer",
  "E-mail",
  "Status",
  "Payment",
  "Total incl. VAT",
  "Total excl. VAT",
  "VAT 21%",
  "VAT 9%",
  "Shipping",
  "Discount",
  "Refunded",
] as const;

const vatAt = (rate: number) =>
  sql<number>`coalesce((select sum((v->>'amountCents')::int) from jsonb_array_elements(${orders.vatLines}) v
    where (v->>'rate')::int = ${rate}), 0)::int`;

type ExportRow = {
  id: string;
  day: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  paymentStatus: string;
  refundedCents: number;
  totalCents: number;
  vatCents: number;
  vat21Cents: number;
  vat9Cents: number;
  shippingCents: number;
  discountCents: number;
};

/** One batch of the filtered list in its sort order, after the order `after`. */
async function batchAfter(db: Db, filters: AdminOrdersFilters, after: string | null): Promise<ExportRow[]> {
  const walk = await walkOrders(db, filters, { after, before: null }, EXPORT_BATCH_SIZE);
  if (walk.where === null) return [];
  return db
    .select({
      id: orders.id,
      // The Amsterdam wall clock, written by the database: Excel reads "2026-12-01 14:05" as a date.
      day: sql<string>`to_char(${orders.createdAt} at time zone 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI')`,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      refundedCents: orders.refundedCents,
      totalCents: orders.totalAmountCents,
      vatCents: sql<number>`coalesce((select sum((v->>'amountCents')::int) from jsonb_array_elements(${orders.vatLines}) v), 0)::int`,
      vat21Cents: vatAt(21),
      vat9Cents: vatAt(9),
      shippingCents: orders.shippingCents,
      discountCents: orders.discountCents,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(walk.where)
    .orderBy(...walk.orderBy)
    .limit(EXPORT_BATCH_SIZE);
}

function csvLine(row: ExportRow): string {
  const payment =
    row.paymentStatus === "paid" && row.refundedCents > 0
      ? "Deels terugbetaald"
      : paymentStatusLabel(row.paymentStatus).label;
  return csvRow([
    csvText(row.id),
    csvText(row.day),
    csvText(`${row.firstName} ${row.lastName}`.trim()),
    csvText(row.email),
    csvText(orderStatusLabel(row.status).label),
    csvText(payment),
    csvMoney(row.totalCents),
    // Prices include VAT (design brief §4): what is left after the order's VAT lines.
    csvMoney(row.totalCents - row.vatCents),
    csvMoney(row.vat21Cents),
    csvMoney(row.vat9Cents),
    csvMoney(row.shippingCents),
    csvMoney(row.discountCents),
    csvMoney(row.refundedCents),
  ]);
}

/**
 * The filtered list as CSV, streamed: the header and each batch of EXPORT_BATCH_SIZE orders are
 * written as the client reads them (keyset on the list's own sort, so memory stays one batch
 * whatever the count). The first batch is read before the answer starts, so a failing database is a
 * proper 500 rather than a cut-off file. The search and filters are the list's, the cursor is not.
 */
export async function exportOrdersCsv(
  db: Db,
  filters: AdminOrdersFilters,
  onError: (error: unknown) => void,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let pending: ExportRow[] | null = await batchAfter(db, filters, null);
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(EXPORT_HEADER.map(csvText))));
    },
    async pull(controller) {
      try {
        const batch = pending;
        if (batch === null || batch.length === 0 || cancelled) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(batch.map(csvLine).join("")));
        pending = batch.length < EXPORT_BATCH_SIZE ? null : await batchAfter(db, filters, batch.at(-1)!.id);
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    cancel() {
      cancelled = true;
    },
  });
}
