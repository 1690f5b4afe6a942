import { data } from "react-router";
import type { Route } from "./+types/emails.route";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { requireAdmin } from "~/features/accounts/index.server";
import { EMAILS_LOAD_ERROR, EmailsPanel, type MailListData } from "./emails-panel";
import { parseAdminEmailsQuery, type AdminEmailsQuery, type MailStatus } from "./emails-query";
import { listMails } from "./emails.server";

export function meta() {
  return [{ title: "E-mails | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

const EMPTY_QUERY: AdminEmailsQuery = { status: null, q: "", after: null, before: null };

/** The E-mails tab (issue 29): every outgoing mail, newest first, filtered by state and searched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const parsed = parseAdminEmailsQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return data({ query: EMPTY_QUERY, list: null, error: parsed.error }, { status: 400 });
  try {
    const page = await listMails(context.db, parsed.query);
    const list: MailListData = {
      newer: page.newer,
      older: page.older,
      mails: page.mails.map((mail) => ({
        id: mail.id,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        status: mail.status as MailStatus,
        attempts: mail.attempts,
        error: mail.status === "sent" ? null : mail.lastError,
        createdAt: adminMoment(mail.createdAt),
        sentAt: mail.sentAt ? adminMoment(mail.sentAt) : null,
        resentFromId: mail.resentFromId,
      })),
    };
    return { query: parsed.query, list, error: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin e-mail list failed");
    return data({ query: parsed.query, list: null, error: EMAILS_LOAD_ERROR }, { status: 500 });
  }
}

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  return <EmailsPanel query={loaderData.query} list={loaderData.list} error={loaderData.error} />;
}
