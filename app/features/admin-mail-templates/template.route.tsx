import { data } from "react-router";
import type { Route } from "./+types/template.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { findMailTemplate } from "~/features/mail-templates/index.server";
import { TEMPLATE_LABELS, TEMPLATE_NOT_FOUND } from "./template-labels";
import { TemplatePreview } from "./template-preview";

export function meta({ data: loaderData }: Route.MetaArgs) {
  const what = loaderData?.template ? loaderData.template.name : "Mail template";
  return [{ title: `${what} | Mail templates | Admin Dashboard | Trapkracht` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** One template drawn from sample data: its subject and text here, its HTML in a sandboxed frame. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const template = findMailTemplate(params.id);
  if (!template) return data({ template: null }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const mail = template.render();
  return {
    template: { id: template.id, ...TEMPLATE_LABELS[template.id], subject: mail.subject, text: mail.text },
  };
}

export default function AdminMailTemplate({ loaderData }: Route.ComponentProps) {
  return <TemplatePreview template={loaderData.template} notFound={TEMPLATE_NOT_FOUND} />;
}
