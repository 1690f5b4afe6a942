import { data } from "react-router";
import type { Route } from "./+types/template-html.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { findMailTemplate } from "~/features/mail-templates/index.server";

/**
 * GET /admin/emails/templates/:id/html: a template's HTML part drawn from sample data, for the
 * sandboxed frame on its preview page (admins only). server/app.ts gives this path the same policy as
 * a sent mail's HTML (MAIL_HTML_CSP, ADR 0036): no script, nothing loaded, framed only by the shop.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const template = findMailTemplate(params.id);
  if (!template) throw data("Not found", { status: 404, headers: { "cache-control": "private, no-store" } });
  return new Response(template.render().html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "referrer-policy": "no-referrer",
      "cache-control": "private, no-store",
    },
  });
}
