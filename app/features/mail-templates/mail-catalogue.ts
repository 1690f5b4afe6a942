import { accountExistsMail, confirmStravaEmailMail, resetPasswordMail, verifyEmailMail } from "./account-mails";
import { contactConfirmationMail, contactMessageMail } from "./contact-mails";
import { dropshipmentErrorMail } from "./dropshipment-error";
import type { MailContent } from "./mail-content";
import { orderConfirmationMail } from "./order-confirmation";
import { orderNotificationMail } from "./order-notification";
import { orderStatusMail } from "./order-status";
import { sampleContact, sampleOrder, sampleUrls, sampleWithdrawal, type Word } from "./preview-samples";
import { refundMail } from "./refund-mail";
import { backInStockMail, stockAlertConfirmMail } from "./stock-alert-mails";
import { withdrawalConfirmationMail, withdrawalNotificationMail } from "./withdrawal-mails";

const same: Word = (value) => value;

const statusMail =
  (status: Parameters<typeof orderStatusMail>[0], supplierAccepted = false) =>
  (word: Word) => {
    const urls = sampleUrls(word);
    return orderStatusMail(status, {
      orderId: sampleOrder(word).orderId,
      firstName: word("Anna"),
      orderUrl: urls.orderUrl,
      trackingUrl: supplierAccepted ? null : urls.trackingUrl,
      supplierAccepted,
    });
  };

/**
 * Every mail the shop sends, each drawn from sample data (preview-samples.ts) for the admin's preview
 * and for the test that every value comes out escaped in the HTML and as typed in the text.
 */
const TEMPLATES = {
  "order-confirmation": (word: Word) => {
    const urls = sampleUrls(word);
    return orderConfirmationMail(sampleOrder(word), {
      customerServiceEmail: urls.customerServiceEmail,
      publicUrl: urls.publicUrl,
      orderUrl: urls.orderUrl,
    });
  },
  "order-status-processing": statusMail("processing"),
  "order-status-shipped": statusMail("shipped"),
  "order-status-shipped-by-supplier": statusMail("shipped", true),
  "order-status-completed": statusMail("completed"),
  "order-status-cancelled": statusMail("cancelled"),
  refund: (word: Word) =>
    refundMail({ orderId: sampleOrder(word).orderId, firstName: word("Anna"), amountCents: 995, full: false }),
  "withdrawal-confirmation": (word: Word) => withdrawalConfirmationMail(sampleWithdrawal(word)),
  "stock-alert-confirm": (word: Word) =>
    stockAlertConfirmMail({ name: word("Kettingolie 100 ml") }, sampleUrls(word).link),
  "back-in-stock": (word: Word) => {
    const urls = sampleUrls(word);
    return backInStockMail({ name: word("Kettingolie 100 ml") }, urls.productUrl, urls.unsubscribeUrl);
  },
  "contact-confirmation": (word: Word) =>
    contactConfirmationMail(sampleContact(word), { customerServiceEmail: sampleUrls(word).customerServiceEmail }),
  "verify-email": (word: Word) => verifyEmailMail(sampleUrls(word).link),
  "reset-password": (word: Word) => resetPasswordMail(sampleUrls(word).link),
  "account-exists": (word: Word) => accountExistsMail(sampleUrls(word).loginUrl),
  "confirm-strava-email": (word: Word) => confirmStravaEmailMail(sampleUrls(word).link),
  "order-notification": (word: Word) =>
    orderNotificationMail(sampleOrder(word), { publicUrl: sampleUrls(word).publicUrl }),
  "dropshipment-error": (word: Word) =>
    dropshipmentErrorMail(sampleOrder(word), {
      error: `${word("Supplier answered HTTP 422:")}\n${word("Unknown article number 99999")}`,
      attempts: 3,
      publicUrl: sampleUrls(word).publicUrl,
    }),
  "withdrawal-notification": (word: Word) =>
    withdrawalNotificationMail(sampleWithdrawal(word), { publicUrl: sampleUrls(word).publicUrl }),
  "contact-message": (word: Word) => contactMessageMail(sampleContact(word)),
} satisfies Record<string, (word: Word) => MailContent>;

export type MailTemplateId = keyof typeof TEMPLATES;

export type MailTemplate = {
  id: MailTemplateId;
  /** The mail drawn from the sample data; `word` may mark each value (the escaping test does). */
  render: (word?: Word) => MailContent;
};

export const MAIL_TEMPLATES: readonly MailTemplate[] = (Object.keys(TEMPLATES) as MailTemplateId[]).map((id) => ({
  id,
  render: (word = same) => TEMPLATES[id](word),
}));

export function findMailTemplate(id: string): MailTemplate | null {
  return MAIL_TEMPLATES.find((template) => template.id === id) ?? null;
}
