/**
 * The shopper's side of an order, server part: invoices and their PDF, the order and status mails,
 * the guest's order link, withdrawals. The pages are the *.route.tsx files beside it.
 */
export {
  getInvoiceDocument,
  issueCreditInvoice,
  issueInvoice,
  legacyCreditSplit,
  listInvoices,
} from "./invoices.server";
export { renderInvoicePdf } from "./invoice-pdf.server";
export { mailAttachmentFilename, resolveMailAttachment } from "./mail-attachments.server";
export { enqueueOrderMails, loadOrderMailData } from "./order-mail.server";
export { enqueueOrderStatusMail } from "./order-status-mail.server";
export { GUEST_ORDER_TEXT, guestOrderToken } from "./guest-order.server";
export { listWithdrawals, withdrawOrder, type WithdrawalRecord } from "./withdrawal.server";
export { WITHDRAWAL_TEXT } from "./withdrawal";
