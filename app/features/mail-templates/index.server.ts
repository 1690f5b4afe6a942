/**
 * Every mail the shop sends, as React components rendered to HTML on the server with a plain-text
 * part built from the same data (ADR 0023). Each function returns subject, text and HTML for the
 * outbox. Server-only: react-dom/server has no place in the browser bundle.
 */
export type { MailContent } from "./mail-content";
export { accountExistsMail, confirmStravaEmailMail, resetPasswordMail, verifyEmailMail } from "./account-mails";
export { contactConfirmationMail, contactMessageMail } from "./contact-mails";
export { dropshipmentErrorMail } from "./dropshipment-error";
export { orderConfirmationMail, type OrderConfirmationOptions } from "./order-confirmation";
export type { OrderMailData } from "./order-mail-data";
export { orderNotificationMail } from "./order-notification";
export { isMailedStatus, orderStatusMail, type MailedStatus } from "./order-status";
export { refundMail } from "./refund-mail";
export { backInStockMail, stockAlertConfirmMail } from "./stock-alert-mails";
export { withdrawalConfirmationMail, withdrawalNotificationMail, type WithdrawnMailData } from "./withdrawal-mails";
export { MAIL_TEMPLATES, findMailTemplate, type MailTemplate, type MailTemplateId } from "./mail-catalogue";
