// The E-mails tab's server entry: the outbox list and one mail, the delivery health the admin layout's
// banner reads, and the one way to resend a mail (also used by the order timeline).
export { listMails, getMailDetails, getMailDeliveryHealth, type MailDeliveryHealth } from "./emails.server";
export { resendMail, type ResendResult } from "./resend.server";
export { mailBannerView } from "./mail-banner-view";
