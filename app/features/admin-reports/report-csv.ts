import { CSV_BOM, csvMoney, csvRow, csvText } from "~/shared/csv/csv";
import { formatInvoiceNumber } from "~/features/shopper-orders";
import { formatAdminDateTime } from "~/shared/dates/admin-dates";
import type { ReportPeriod } from "./period";
import type { VatReturn } from "./vat-return";

/**
 * The reports as CSV for Dutch Excel, through the All Orders export's helpers (semicolons, decimal
 * commas, a BOM, text cells safe from formulas). Small enough to build whole: a row per rate, per
 * credit note, per coupon or per product sold in the period. Pure.
 */
export type ReportId = "vat" | "refunds" | "coupons" | "products";

export const REPORT_IDS: readonly ReportId[] = ["vat", "refunds", "coupons", "products"];

export const REPORT_FILE_NAMES: Record<ReportId, string> = {
  vat: "vat-return",
  refunds: "refunds",
  coupons: "coupon-use",
  products: "best-sellers",
};

export const reportCsvPath = (report: ReportId) => `/admin/reports/${REPORT_FILE_NAMES[report]}.csv`;

export const reportFileName = (report: ReportId, period: ReportPeriod) =>
  `${REPORT_FILE_NAMES[report]}-${period.from}-to-${period.to}.csv`;

const count = (n: number) => String(n);

export function vatReturnCsv(vat: VatReturn, period: ReportPeriod): string {
  let out = CSV_BOM;
  out += csvRow([csvText("Period"), csvText(period.from), csvText(period.to)]);
  out += csvRow([csvText("Invoices"), count(vat.invoiceCount)]);
  out += csvRow([csvText("Credit notes"), count(vat.creditCount)]);
  out += csvRow(
    [
      "Rubric",
      "Description",
      "VAT rate %",
      "Invoices incl. VAT",
      "Invoices VAT",
      "Credit notes incl. VAT",
      "Credit notes VAT",
      "Turnover excl. VAT",
      "VAT",
      "Return: turnover (whole euros)",
      "Return: VAT (whole euros)",
    ].map(csvText),
  );
  for (const line of vat.lines) {
    out += csvRow([
      csvText(line.rubric),
      csvText(line.label),
      count(line.rate),
      csvMoney(line.invoices.grossCents),
      csvMoney(line.invoices.vatCents),
      csvMoney(line.credits.grossCents),
      csvMoney(line.credits.vatCents),
      csvMoney(line.turnoverCents),
      csvMoney(line.vatCents),
      count(line.returnTurnoverEuros),
      count(line.returnVatEuros),
    ]);
  }
  out += csvRow([
    csvText("5a"),
    csvText("Verschuldigde btw"),
    "",
    "",
    "",
    "",
    "",
    csvMoney(vat.totalGrossCents - vat.totalVatCents),
    csvMoney(vat.totalVatCents),
    "",
    count(vat.returnVatEuros),
  ]);
  return out;
}

export type RefundCsvRow = {
  number: number;
  issuedAt: Date;
  orderId: string;
  amountCents: number;
  vatCents: number;
  perRate: { rate: number; vatCents: number }[];
  reason: string | null;
  createdByEmail: string;
};

export function refundsCsv(refunds: readonly RefundCsvRow[]): string {
  let out = CSV_BOM;
  out += csvRow(
    ["Date", "Credit note", "Order", "Amount incl. VAT", "VAT", "VAT 21 %", "VAT 9 %", "Reason", "By"].map(csvText),
  );
  const vatAt = (r: RefundCsvRow, rate: number) => r.perRate.find((v) => v.rate === rate)?.vatCents ?? 0;
  for (const r of refunds) {
    out += csvRow([
      csvText(formatAdminDateTime(r.issuedAt)),
      csvText(formatInvoiceNumber(r.number)),
      csvText(r.orderId),
      csvMoney(r.amountCents),
      csvMoney(r.vatCents),
      csvMoney(vatAt(r, 21)),
      csvMoney(vatAt(r, 9)),
      csvText(r.reason ?? ""),
      csvText(r.createdByEmail),
    ]);
  }
  out += csvRow([
    csvText("Total"),
    "",
    "",
    csvMoney(refunds.reduce((sum, r) => sum + r.amountCents, 0)),
    csvMoney(refunds.reduce((sum, r) => sum + r.vatCents, 0)),
    csvMoney(refunds.reduce((sum, r) => sum + vatAt(r, 21), 0)),
    csvMoney(refunds.reduce((sum, r) => sum + vatAt(r, 9), 0)),
    "",
    "",
  ]);
  return out;
}

export function couponsCsv(
  coupons: readonly {
    code: string;
    uses: number;
    discountCents: number;
    revenueCents: number;
    refundedCents: number;
  }[],
): string {
  let out = CSV_BOM;
  out += csvRow(["Coupon", "Uses", "Discount given", "Revenue incl. VAT", "Refunded since"].map(csvText));
  for (const c of coupons) {
    out += csvRow([
      csvText(c.code),
      count(c.uses),
      csvMoney(c.discountCents),
      csvMoney(c.revenueCents),
      csvMoney(c.refundedCents),
    ]);
  }
  return out;
}

export function productsCsv(
  products: readonly {
    artNo: string;
    name: string;
    soldPieces: number;
    refundedPieces: number;
    netPieces: number;
    revenueCents: number;
  }[],
): string {
  let out = CSV_BOM;
  out += csvRow(["Rank", "ArtNo", "Product", "Sold", "Refunded", "Net pieces", "Revenue incl. VAT"].map(csvText));
  products.forEach((p, i) => {
    out += csvRow([
      count(i + 1),
      csvText(p.artNo),
      csvText(p.name),
      count(p.soldPieces),
      count(p.refundedPieces),
      count(p.netPieces),
      csvMoney(p.revenueCents),
    ]);
  });
  return out;
}
