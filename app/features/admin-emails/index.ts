/**
 * The admin's E-mails tab (issue 29, ADR 0036): every outgoing mail from the outbox with its state,
 * one mail as sent (HTML in a sandbox, text, files), resend, and the banner the admin layout shows on
 * every page while mail is not being delivered. Routes: emails.route.tsx (/admin/emails),
 * email.route.tsx (/admin/emails/:id), email-html.route.ts (/admin/emails/:id/html), named in
 * app/routes.ts. Server services: index.server.ts.
 */
export { MailDeliveryBanner, type MailBannerView } from "./mail-banner";
export { MAIL_HTML_CSP, MAIL_HTML_PATH } from "./mail-html-policy";
export { adminEmailsSearch, parseAdminEmailsQuery, MAIL_STATUSES, type MailStatus } from "./emails-query";
