import type { MailTemplateId } from "~/features/mail-templates";

export type TemplateAudience = "Shopper" | "Shop";

export type TemplateLabel = { name: string; audience: TemplateAudience; when: string };

/** What the admin reads about each mail: its name, who receives it and what sends it. */
export const TEMPLATE_LABELS: Record<MailTemplateId, TemplateLabel> = {
  "order-confirmation": {
    name: "Order confirmation",
    audience: "Shopper",
    when: "When an order's payment is in; the invoice PDF goes with it.",
  },
  "order-status-processing": {
    name: "Order in progress",
    audience: "Shopper",
    when: "When an order is marked as processing.",
  },
  "order-status-shipped": {
    name: "Order shipped",
    audience: "Shopper",
    when: "When an order is marked as shipped, with the tracking link if one was given.",
  },
  "order-status-shipped-by-supplier": {
    name: "Order sent by the supplier",
    audience: "Shopper",
    when: "When the supplier accepts the dropshipment of an order.",
  },
  "order-status-completed": {
    name: "Order completed",
    audience: "Shopper",
    when: "When an order is completed; the 14-day withdrawal period starts.",
  },
  "order-status-cancelled": {
    name: "Order cancelled",
    audience: "Shopper",
    when: "When an order is cancelled.",
  },
  refund: { name: "Refund", audience: "Shopper", when: "When an order is refunded, in full or in part." },
  "withdrawal-confirmation": {
    name: "Withdrawal confirmation",
    audience: "Shopper",
    when: "When a shopper withdraws an order or part of it.",
  },
  "stock-alert-confirm": {
    name: "Back-in-stock request: confirm",
    audience: "Shopper",
    when: "When someone asks to hear when a sold-out product is back (double opt-in).",
  },
  "back-in-stock": {
    name: "Back in stock",
    audience: "Shopper",
    when: "Once, when a product someone confirmed a request for is available again.",
  },
  "contact-confirmation": {
    name: "Contact form: confirmation",
    audience: "Shopper",
    when: "When someone sends the contact form, quoting their message.",
  },
  "verify-email": {
    name: "Confirm e-mail address",
    audience: "Shopper",
    when: "After registration, and when the shopper asks for the link again.",
  },
  "reset-password": {
    name: "Password reset",
    audience: "Shopper",
    when: "When someone asks for a new password.",
  },
  "account-exists": {
    name: "Account already exists",
    audience: "Shopper",
    when: "When someone registers with an address that already has an account.",
  },
  "confirm-strava-email": {
    name: "Confirm e-mail for Strava sign-in",
    audience: "Shopper",
    when: "When a Strava sign-in gives an e-mail address to confirm.",
  },
  "order-notification": {
    name: "New order",
    audience: "Shop",
    when: "To the shop's inbox when an order is paid.",
  },
  "dropshipment-error": {
    name: "Dropshipment failed",
    audience: "Shop",
    when: "To the shop's inbox when a paid order could not be placed with the supplier.",
  },
  "withdrawal-notification": {
    name: "Withdrawal received",
    audience: "Shop",
    when: "To the shop's inbox when a shopper withdraws an order or part of it.",
  },
  "contact-message": {
    name: "Contact form message",
    audience: "Shop",
    when: "To the shop's inbox when someone sends the contact form; a reply goes to them.",
  },
};

export const TEMPLATE_NOT_FOUND = "Mail template not found";

export const templatesPath = "/admin/emails/templates";
export const templatePath = (id: string) => `${templatesPath}/${id}`;
/** The rendered sample's HTML: a resource route with the sandboxing Content-Security-Policy (ADR 0036). */
export const templateHtmlPath = (id: string) => `${templatesPath}/${id}/html`;
/** That path as server/app.ts matches it to put the mail HTML policy in place of the site's. */
export const MAIL_TEMPLATE_HTML_PATH = /^\/admin\/emails\/templates\/[a-z-]+\/html\/?$/;
