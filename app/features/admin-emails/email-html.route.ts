import { data } from "react-router";
import type { Route } from "./+types/email-html.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { parseMailId } from "./emails-query";
import { getMailHtml } from "./emails.server";

/**
 * GET /admin/emails/:id/html: a mail's HTML part exactly as it was sent, for the sandboxed frame on
 * the mail's page (admins only). Its Content-Security-Policy, MAIL_HTML_CSP, is set for this path by
 * server/app.ts in place of the site's (a route can only add a second policy, not replace one): no
 * script runs, nothing is loaded from anywhere, and only the shop's own pages may frame it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = parseMailId(params.id);
  const html = id ? await getMailHtml(context.db, id) : null;
  if (html === null) throw data("Not found", { status: 404, headers: { "cache-control": "private, no-store" } });
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "referrer-policy": "no-referrer",
      "cache-control": "private, no-store",
    },
  });
}
