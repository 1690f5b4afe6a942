import type { Route } from "./+types/templates.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { MAIL_TEMPLATES } from "~/features/mail-templates/index.server";
import { TEMPLATE_LABELS } from "./template-labels";
import { TemplatesPanel } from "./templates-panel";

export function meta() {
  return [{ title: "Mail templates | E-mails | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Every mail the shop sends, with its subject as the sample data fills it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    templates: MAIL_TEMPLATES.map((template) => ({
      id: template.id,
      ...TEMPLATE_LABELS[template.id],
      subject: template.render().subject,
    })),
  };
}

export default function AdminMailTemplates({ loaderData }: Route.ComponentProps) {
  return <TemplatesPanel templates={loaderData.templates} />;
}
