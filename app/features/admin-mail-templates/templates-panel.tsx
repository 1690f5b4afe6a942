import { Link } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { ArrowLeft } from "~/shared/ui/icons";
import { templatePath, type TemplateLabel } from "./template-labels";

export type TemplateListItem = TemplateLabel & { id: string; subject: string };

/** The mail templates (issue 32): each mail the shop sends, who gets it and when, and its preview. */
export function TemplatesPanel({ templates }: { templates: TemplateListItem[] }) {
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <Link to="/admin/emails" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to e-mails
      </Link>
      <div className="space-y-1">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Mail templates
        </h2>
        <p className="text-sm text-muted">
          Every e-mail the shop sends, drawn with sample data. Shoppers&apos; mails are in Dutch, as they receive them.
        </p>
      </div>
      <ul className="divide-y divide-line rounded-lg border border-line bg-white">
        {templates.map((template) => (
          <li
            key={template.id}
            className="flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
          >
            <div className="min-w-0 space-y-1">
              <Link to={templatePath(template.id)} className="font-semibold text-brand-700 underline">
                {template.name}
              </Link>
              <p className="text-sm text-muted">{template.when}</p>
              <p className="text-sm break-words">
                <span className="text-muted">Subject: </span>
                <span lang="nl">{template.subject}</span>
              </p>
            </div>
            <Badge variant={template.audience === "Shop" ? "muted" : "default"} className="self-start">
              {template.audience === "Shop" ? "To the shop" : "To the shopper"}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
