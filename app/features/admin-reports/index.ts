/**
 * The admin's Reports tab (issue 29, item 4, ADR 0035): the VAT return, refunds, coupon use and
 * best-selling products of a period, each with a CSV. Routes: reports.route.tsx (/admin/reports) and
 * csv.route.ts (/admin/reports/<report>.csv), named in app/routes.ts.
 */
export { parseReportPeriod, periodPresets, amsterdamDayOf, type ReportPeriod } from "./period";
export { buildVatReturn, invoiceGrossPerRate, rubricOf, type VatReturn } from "./vat-return";
