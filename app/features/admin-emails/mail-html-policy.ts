/**
 * The Content-Security-Policy of a mail's HTML part as the admin views it (/admin/emails/:id/html,
 * ADR 0036). `sandbox` without allow-scripts makes the document run no script and gives it an
 * opaque origin (no cookies, no same-origin requests) also when it is opened in a tab of its own;
 * default-src 'none' loads nothing but inline styles and data: images; only the shop's own pages may
 * frame it. server/app.ts puts it in place of the site-wide policy for that path.
 */
export const MAIL_HTML_CSP = [
  "sandbox",
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "font-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

/** The path of a mail's HTML part: digits only, as the route's parameter. */
export const MAIL_HTML_PATH = /^\/admin\/emails\/\d+\/html\/?$/;
