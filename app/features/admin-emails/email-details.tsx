import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { UrlDialog, UrlDialogActions } from "~/shared/admin-ui/url-dialog";
import { Button } from "~/shared/ui/button";
import { ArrowLeft } from "~/shared/ui/icons";
import { shortOrderId } from "~/features/shopper-orders";
import type { MailStatus } from "./emails-query";
import { MailStateBadge } from "./mail-state";

export type MailView = {
  id: number;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  status: MailStatus;
  attempts: number;
  error: string | null;
  createdAt: Moment;
  sentAt: Moment | null;
  /** When a waiting mail that failed before is tried again. */
  nextAttemptAt: Moment | null;
  orderId: string | null;
  resentFromId: number | null;
  textBody: string;
  hasHtml: boolean;
  attachments: { name: string; href: string }[];
  resends: { id: number; status: MailStatus; createdAt: Moment }[];
};

export const MAIL_NOT_FOUND = "E-mail not found";

/** Where the HTML part is served: a resource route with a sandboxing Content-Security-Policy (ADR 0036). */
export const mailHtmlPath = (id: number) => `/admin/emails/${id}/html`;

function When({ at }: { at: Moment }) {
  return <time dateTime={at.iso}>{at.text}</time>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * One mail (issue 29): who it went to, its state and error, the order it is about, its files, the
 * HTML part as the recipient's mail program shows it (in a sandboxed frame that runs no script) and
 * the text part; "Resend" asks first, then queues a copy.
 */
export function EmailDetails({
  mail,
  back,
  confirmResend,
  error,
  failure,
}: {
  mail: MailView | null;
  /** The list's filter and page, for "Back to e-mails". */
  back: string;
  confirmResend: boolean;
  error: string | null;
  failure: AdminActionResult | null;
}) {
  const backLink = (
    <Link
      to={`/admin/emails${back}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Back to e-mails
    </Link>
  );
  if (!mail) {
    return (
      <section aria-labelledby="admin-panel-title" className="space-y-3">
        {backLink}
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          {error}
        </h2>
        <p className="text-muted">The link may be incomplete.</p>
      </section>
    );
  }
  const here = `/admin/emails/${mail.id}${back}`;
  const askResend = `/admin/emails/${mail.id}${back ? `${back}&` : "?"}resend=1`;
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-5">
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="admin-panel-title" className="text-xl font-semibold break-words">
            {mail.subject}
          </h2>
          <p className="text-sm text-muted">{`E-mail #${mail.id} · ${mail.kind}`}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={askResend} preventScrollReset>
            Resend
          </Link>
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {`${failure.title}: ${failure.description ?? ""}`}
        </p>
      ) : null}

      <dl className="space-y-2 rounded-lg border border-line bg-white p-4">
        <Field label="To">{mail.to}</Field>
        {mail.replyTo ? <Field label="Reply to">{mail.replyTo}</Field> : null}
        <Field label="Written">
          <When at={mail.createdAt} />
        </Field>
        <Field label="State">
          <span className="flex flex-wrap items-center gap-2">
            <MailStateBadge status={mail.status} attempts={mail.attempts} />
            {mail.sentAt ? (
              <span className="text-muted">
                {"sent "}
                <When at={mail.sentAt} />
              </span>
            ) : null}
            {mail.nextAttemptAt ? (
              <span className="text-muted">
                {"next attempt "}
                <When at={mail.nextAttemptAt} />
              </span>
            ) : null}
          </span>
        </Field>
        {mail.error ? (
          <Field label="Last error">
            <span className="text-danger">{mail.error}</span>
          </Field>
        ) : null}
        <Field label="Order">
          {mail.orderId ? (
            <Link to={`/admin/orders/${mail.orderId}`} className="font-medium text-brand-700 underline">
              {`Order ${shortOrderId(mail.orderId)}`}
            </Link>
          ) : (
            <span className="text-muted">About no order</span>
          )}
        </Field>
        <Field label="Attachments">
          {mail.attachments.length ? (
            <ul className="space-y-0.5">
              {mail.attachments.map((file) => (
                <li key={file.name}>
                  <a href={file.href} className="font-medium text-brand-700 underline">
                    {file.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-muted">None</span>
          )}
        </Field>
        {mail.resentFromId ? (
          <Field label="Copy of">
            <Link to={`/admin/emails/${mail.resentFromId}`} className="font-medium text-brand-700 underline">
              {`E-mail #${mail.resentFromId}`}
            </Link>
          </Field>
        ) : null}
        {mail.resends.length ? (
          <Field label="Sent again as">
            <ul className="space-y-0.5">
              {mail.resends.map((copy) => (
                <li key={copy.id} className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/emails/${copy.id}`} className="font-medium text-brand-700 underline">
                    {`E-mail #${copy.id}`}
                  </Link>
                  <span className="text-muted">
                    <When at={copy.createdAt} />
                  </span>
                  <MailStateBadge status={copy.status} attempts={0} />
                </li>
              ))}
            </ul>
          </Field>
        ) : null}
      </dl>

      <section aria-labelledby="mail-html-heading" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="mail-html-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
            HTML part
          </h3>
          {mail.hasHtml ? (
            <a
              href={mailHtmlPath(mail.id)}
              target="_blank"
              rel="noreferrer"
              className="text-sm font-medium text-brand-700 underline"
            >
              Open in a new tab
            </a>
          ) : null}
        </div>
        {mail.hasHtml ? (
          // sandbox="" (no allow-scripts, no allow-same-origin) on top of the route's own CSP sandbox.
          <iframe
            title={`HTML part of e-mail #${mail.id}`}
            src={mailHtmlPath(mail.id)}
            sandbox=""
            referrerPolicy="no-referrer"
            className="h-[28rem] w-full rounded-lg border border-line bg-white sm:h-[36rem]"
          />
        ) : (
          <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">
            This e-mail has no HTML part; the text below is what was sent.
          </p>
        )}
      </section>

      <section aria-labelledby="mail-text-heading" className="space-y-2">
        <h3 id="mail-text-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
          Text part
        </h3>
        <pre className="max-h-[32rem] overflow-auto rounded-lg border border-line bg-surface p-4 font-mono text-xs break-words whitespace-pre-wrap">
          {mail.textBody}
        </pre>
      </section>

      {confirmResend ? <ResendDialog mail={mail} closeTo={here} /> : null}
    </section>
  );
}

function ResendDialog({ mail, closeTo }: { mail: MailView; closeTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <UrlDialog
      lang="en"
      closeTo={closeTo}
      title="Resend this e-mail?"
      description={`A copy of “${mail.subject}” goes to ${mail.to} again. This e-mail stays as it is.`}
    >
      <Form method="post" action={`/admin/emails/${mail.id}`}>
        <input type="hidden" name="intent" value="resend" />
        <UrlDialogActions
          closeTo={closeTo}
          cancelLabel="Cancel"
          submitLabel="Resend e-mail"
          busyLabel="Resending…"
          busy={busy}
        />
      </Form>
    </UrlDialog>
  );
}
