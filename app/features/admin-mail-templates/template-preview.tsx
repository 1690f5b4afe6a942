import { Link } from "react-router";
import { Badge } from "~/shared/ui/badge";
import { ArrowLeft } from "~/shared/ui/icons";
import { templateHtmlPath, templatesPath, type TemplateLabel } from "./template-labels";

export type TemplateView = TemplateLabel & { id: string; subject: string; text: string };

/**
 * One mail template drawn from sample data (issue 32): the HTML part in a frame that runs no script
 * and loads nothing (the route's CSP sandbox plus sandbox="" here), and the text part as text.
 */
export function TemplatePreview({ template, notFound }: { template: TemplateView | null; notFound: string }) {
  const backLink = (
    <Link to={templatesPath} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline">
      <ArrowLeft aria-hidden className="size-4" />
      Back to mail templates
    </Link>
  );
  if (!template) {
    return (
      <section aria-labelledby="admin-panel-title" className="space-y-3">
        {backLink}
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          {notFound}
        </h2>
        <p className="text-muted">The link may be incomplete.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-5">
      {backLink}
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="admin-panel-title" className="text-xl font-semibold">
            {template.name}
          </h2>
          <Badge variant={template.audience === "Shop" ? "muted" : "default"}>
            {template.audience === "Shop" ? "To the shop" : "To the shopper"}
          </Badge>
        </div>
        <p className="text-sm text-muted">{template.when}</p>
        <p className="text-sm text-muted">
          Drawn with sample data: a real mail carries the order&apos;s or the person&apos;s own values.
        </p>
      </div>
      <dl className="rounded-lg border border-line bg-white p-4">
        <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
          <dt className="text-sm text-muted">Subject</dt>
          <dd lang="nl" className="min-w-0 text-sm break-words">
            {template.subject}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="template-html-heading" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="template-html-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
            HTML part
          </h3>
          <a
            href={templateHtmlPath(template.id)}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-medium text-brand-700 underline"
          >
            Open in a new tab
          </a>
        </div>
        {/* sandbox="" (no allow-scripts, no allow-same-origin) on top of the route's own CSP sandbox. */}
        <iframe
          title={`HTML part of the ${template.name} mail`}
          src={templateHtmlPath(template.id)}
          sandbox=""
          referrerPolicy="no-referrer"
          className="h-[28rem] w-full rounded-lg border border-line bg-white sm:h-[36rem]"
        />
      </section>

      <section aria-labelledby="template-text-heading" className="space-y-2">
        <h3 id="template-text-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
          Text part
        </h3>
        <pre
          lang="nl"
          className="max-h-[32rem] overflow-auto rounded-lg border border-line bg-surface p-4 font-mono text-xs break-words whitespace-pre-wrap"
        >
          {template.text}
        </pre>
      </section>
    </section>
  );
}
