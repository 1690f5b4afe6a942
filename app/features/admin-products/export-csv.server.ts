import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productCategories, products, stock } from "~/db/schema";
import { CSV_BOM, csvMoney, csvRow, csvText } from "~/shared/csv/csv";
import { productFilterCondition } from "./list-products.server";
import type { ProductListFilters } from "./products-query";

/** Products read per query: 1 000 000 products take 200 round trips, each an index range. */
export const EXPORT_BATCH_SIZE = 5000;

export const EXPORT_HEADER = [
  "ArtNo",
  "Brand",
  "Description",
  "Category",
  "Consumer Price",
  "Discounted Price",
  "VAT %",
  "Stock",
  "Status",
] as const;

type ExportRow = {
  artNo: number;
  brand: string | null;
  shortDescription: string | null;
  categoryName: string | null;
  categoryId: number | null;
  consumerPriceCents: number | null;
  discountedPriceCents: number | null;
  vatRate: number;
  stockQuantity: number | null;
  status: number;
};

async function batchAfter(db: Db, where: SQL | undefined, after: number | null): Promise<ExportRow[]> {
  return db
    .select({
      artNo: products.artNo,
      brand: products.brand,
      shortDescription: products.shortDescription,
      categoryName: productCategories.name,
      categoryId: products.categoryId,
      consumerPriceCents: products.consumerPriceCents,
      discountedPriceCents: products.discountedPriceCents,
      vatRate: products.vatRate,
      stockQuantity: stock.quantity,
      status: products.status,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(stock, eq(stock.artNo, products.artNo))
    .where(and(where, after == null ? undefined : gt(products.artNo, after)))
    .orderBy(asc(products.artNo))
    .limit(EXPORT_BATCH_SIZE);
}

function csvLine(row: ExportRow): string {
  return csvRow([
    String(row.artNo),
    csvText(row.brand ?? ""),
    csvText(row.shortDescription ?? ""),
    csvText(row.categoryName ?? (row.categoryId == null ? "" : String(row.categoryId))),
    row.consumerPriceCents == null ? "" : csvMoney(row.consumerPriceCents),
    row.discountedPriceCents == null ? "" : csvMoney(row.discountedPriceCents),
    String(row.vatRate),
    row.stockQuantity == null ? "" : String(row.stockQuantity),
    row.status === 1 ? "Active" : "Inactive",
  ]);
}

/**
 * The filtered product list as CSV for Dutch Excel (app/shared/csv), streamed: the header, then each
 * batch of EXPORT_BATCH_SIZE products in ArtNo order (keyset), read when the client has taken the
 * previous one, so memory holds one batch whatever the count. The first batch is read before the
 * answer starts, so a failing database is a 500 rather than a cut-off file.
 */
export async function exportProductsCsv(
  db: Db,
  filters: ProductListFilters,
  onError: (error: unknown) => void,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const where = await productFilterCondition(db, filters);
  let pending: ExportRow[] | null = await batchAfter(db, where, null);
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
        pending = batch.length < EXPORT_BATCH_SIZE ? null : await batchAfter(db, where, batch.at(-1)!.artNo);
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
