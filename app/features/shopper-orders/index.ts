/**
 * The shopper's side of an order (issue 32), safe for the browser: the short order number and invoice
 * numbers. The status labels and badges are in status.ts, the totals and address lines in summary.ts;
 * the order list and the withdrawal flow belong to this folder's pages only: in an entry they would
 * join the JavaScript of every page that shows an order number.
 */
export { shortOrderId } from "./short-id";
export { formatInvoiceNumber, invoiceLabel } from "./invoice-number";
