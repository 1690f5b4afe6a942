/**
 * The admin's preview of every mail template (issue 32, ADR 0023), under the E-mails tab: the list
 * (templates.route.tsx, /admin/emails/templates), one template with sample data as HTML in a sandbox
 * and as text (template.route.tsx), and its HTML alone (template-html.route.ts), named in app/routes.ts.
 */
export { MAIL_TEMPLATE_HTML_PATH } from "./template-labels";
