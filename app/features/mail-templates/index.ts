/**
 * The shop's mail templates (ADR 0023). The templates themselves and their catalogue for the admin's
 * preview are server-only: index.server.ts. This entry holds only the shapes of their data, for code
 * that builds that data without rendering a mail (the supplier's order message).
 */
export type { MailContent } from "./mail-content";
export type { OrderMailData } from "./order-mail-data";
export type { WithdrawnMailData } from "./withdrawal-mails";
export type { MailTemplateId } from "./mail-catalogue";
