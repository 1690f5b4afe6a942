import { data } from "react-router";
import type { Route } from "./+types/email.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { redirectWithFlash } from "~/shared/actions/flash.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";
import { EmailDetails, MAIL_NOT_FOUND, type MailView } from "./email-details";
import { adminEmailsSearch, parseAdminEmailsQuery, parseMailId, type MailStatus } from "./emails-query";
import { getMailDetails, type MailDetails } from "./emails.server";
import { resendMail } from "./resend.server";

export function meta({ data: loaderData }: Route.MetaArgs) {
  const what = loaderData && "mail" in loaderData && loaderData.mail ? loaderData.mail.subject : "E-mail";
  return [{ title: `${what} | E-mails | Admin Dashboard | Trapkracht` }, { name: "robots", content: "noindex" }];
}

function view(mail: MailDetails): MailView {
  return {
    id: mail.id,
    kind: mail.kind,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    status: mail.status as MailStatus,
    attempts: mail.attempts,
    error: mail.status === "sent" ? null : mail.lastError,
    createdAt: adminMoment(mail.createdAt),
    sentAt: mail.sentAt ? adminMoment(mail.sentAt) : null,
    nextAttemptAt: mail.status === "pending" && mail.attempts > 0 ? adminMoment(mail.nextAttemptAt) : null,
    orderId: mail.orderId,
    resentFromId: mail.resentFromId,
    textBody: mail.textBody,
    hasHtml: mail.hasHtml,
    attachments: mail.attachments,
    resends: mail.resends.map((copy) => ({
      id: copy.id,
      status: copy.status as MailStatus,
      createdAt: adminMoment(copy.createdAt),
    })),
  };
}

/** One mail as it was written and sent (issue 29): the HTML part in a sandbox, the text part, its files. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const parsed = parseAdminEmailsQuery(url.searchParams);
  const back = parsed.ok ? adminEmailsSearch(parsed.query, parsed.query) : "";
  const confirmResend = url.searchParams.get("resend") === "1";
  const id = parseMailId(params.id);
  const mail = id ? await getMailDetails(context.db, id) : null;
  if (!mail) return data({ mail: null, back, confirmResend: false, error: MAIL_NOT_FOUND }, { status: 404 });
  return { mail: view(mail), back, confirmResend, error: null };
}

/**
 * "Resend" (after the question): a copy of this mail as a new outbox row that names the original,
 * recorded in the change log (resend.server.ts, the order timeline's resend too). The admin lands on
 * the copy's page, which shows it waiting and then sent.
 */
const refused = (intent: string, status: number, description: string) =>
  data<AdminActionResult>({ ok: false, intent, title: "E-mail not sent again", description }, { status });

export const action = intentAction<{ id: string }>()({
  guard: adminGuard,
  intents: (intent) => ({
    resend: intent({
      parse: ({ params, intent: name }) => parseMailId(params.id) || refuse(refused(name, 404, MAIL_NOT_FOUND)),
      run: async (id, { context, actor, viewer, intent: name }) => {
        const result = await resendMail(context.db, actor, { outboxId: id });
        if (!result.ok) return refused(name, 404, MAIL_NOT_FOUND);
        context.logger.info({ outboxId: result.outboxId, copyOf: id, by: viewer.id }, "admin resent a mail");
        return redirectWithFlash(context.config, `/admin/emails/${result.outboxId}`, {
          kind: "success",
          title: "E-mail queued again",
          description: `A copy goes to ${result.to} (e-mail #${result.outboxId}).`,
        });
      },
    }),
  }),
  unknown: () =>
    data<AdminActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    ),
  logMessage: "admin mail resend failed",
  failed: (_error, { intent }) => refused(intent, 500, "An unexpected error occurred."),
});

export default function AdminEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EmailDetails
      mail={loaderData.mail}
      back={loaderData.back}
      confirmResend={loaderData.confirmResend}
      error={loaderData.error}
      failure={actionData && !actionData.ok ? actionData : null}
    />
  );
}
