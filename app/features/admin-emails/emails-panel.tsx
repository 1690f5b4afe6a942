import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import type { Moment } from "~/shared/admin-ui/admin-format";
import { Button } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import {
  adminEmailsSearch,
  MAIL_SEARCH_MAX_LENGTH,
  MAIL_STATUS_LABEL,
  MAIL_STATUSES,
  type AdminEmailsQuery,
  type MailStatus,
} from "./emails-query";
import { MailStateBadge } from "./mail-state";

export type MailListItem = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  /** The last delivery error of a mail not (yet) sent. */
  error: string | null;
  createdAt: Moment;
  sentAt: Moment | null;
  resentFromId: number | null;
};

export type MailListData = { mails: MailListItem[]; newer: number | null; older: number | null };

export const EMAILS_LOAD_ERROR = "An unexpected error occurred while retrieving the e-mails";

/**
 * The E-mails tab (issue 29): every mail the shop wrote to its outbox, newest first, with its state;
 * a GET filter (works without JavaScript, keeps its state in the URL) and keyset pages.
 */
export function EmailsPanel({
  query,
  list,
  error,
}: {
  query: AdminEmailsQuery;
  list: MailListData | null;
  /** A refused filter (control characters, too long, unknown state) or the load failure message. */
  error: string | null;
}) {
  const back = adminEmailsSearch(query, { after: query.after, before: query.before });
  const filtered = Boolean(query.q || query.status);
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          E-mails
        </h2>
        <Link to="/admin/emails/templates" className="text-sm font-medium text-brand-700 underline">
          Mail templates
        </Link>
      </div>
      <EmailsFilter query={query} />
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-danger">
          {error}
        </p>
      ) : null}
      {list ? (
        list.mails.length === 0 ? (
          <div className="rounded-lg border border-dashed border-line p-8 text-center">
            <p className="font-semibold">{filtered ? "No e-mails match this filter" : "No e-mails yet"}</p>
            {filtered ? (
              <Link to="/admin/emails" className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
                Show all e-mails
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <EmailsTable mails={list.mails} back={back} />
            <EmailsList mails={list.mails} back={back} />
            <EmailsPaging query={query} newer={list.newer} older={list.older} />
          </>
        )
      ) : null}
    </section>
  );
}

function EmailsFilter({ query }: { query: AdminEmailsQuery }) {
  const select =
    "h-10 w-full rounded-md border border-line bg-white px-3 text-base md:text-sm sm:w-auto focus-visible:outline-2";
  return (
    <Form
      method="get"
      action="/admin/emails"
      role="search"
      aria-label="Filter e-mails"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="emails-status" className="text-sm font-medium">
          State
        </label>
        <select id="emails-status" name="status" defaultValue={query.status ?? ""} className={select}>
          <option value="">All states</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {MAIL_STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:min-w-64">
        <label htmlFor="emails-q" className="text-sm font-medium">
          Search
        </label>
        <Input
          id="emails-q"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={MAIL_SEARCH_MAX_LENGTH}
          placeholder="Recipient or subject"
          autoComplete="off"
        />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit">
          <Search aria-hidden />
          Filter
        </Button>
        {query.q || query.status ? (
          <Link to="/admin/emails" className="text-sm font-medium text-brand-700 underline">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A mail's page keeps the list's filter and page, so "Back to e-mails" returns to it. */
const pageOf = (id: number, back: string) => `/admin/emails/${id}${back}`;

function When({ at }: { at: Moment }) {
  return <time dateTime={at.iso}>{at.text}</time>;
}

function ErrorText({ error }: { error: string | null }) {
  if (!error) return null;
  return <span className="block max-w-md text-xs break-words whitespace-normal text-danger">{error}</span>;
}

function EmailsTable({ mails, back }: { mails: MailListItem[]; back: string }) {
  const cell = "px-4 py-3";
  return (
    <div
      role="region"
      aria-label="E-mails table"
      tabIndex={0}
      className="relative hidden overflow-x-auto rounded-lg border border-line md:block"
    >
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className={`${cell} font-semibold whitespace-nowrap`}>
              Written
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Subject
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              Recipient
            </th>
            <th scope="col" className={`${cell} font-semibold`}>
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => (
            <tr key={mail.id} className="border-t border-line align-top">
              <td className={`${cell} whitespace-nowrap text-muted tabular-nums`}>
                <When at={mail.createdAt} />
              </td>
              <th scope="row" className={`${cell} font-normal`}>
                <Link to={pageOf(mail.id, back)} className="font-medium break-words text-brand-700 hover:underline">
                  {mail.subject}
                </Link>
                <span className="block text-xs text-muted">
                  {`#${mail.id} · ${mail.kind}`}
                  {mail.resentFromId ? ` · copy of #${mail.resentFromId}` : ""}
                </span>
              </th>
              <td className={`${cell} break-all`}>{mail.to}</td>
              <td className={cell}>
                <MailStateBadge status={mail.status} attempts={mail.attempts} />
                {mail.sentAt ? (
                  <span className="mt-1 block text-xs whitespace-nowrap text-muted">
                    <When at={mail.sentAt} />
                  </span>
                ) : null}
                <ErrorText error={mail.error} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones get the same mails as cards: everything readable without scrolling sideways. */
function EmailsList({ mails, back }: { mails: MailListItem[]; back: string }) {
  return (
    <ul aria-label="E-mails" className="space-y-3 md:hidden">
      {mails.map((mail) => (
        <li key={mail.id} className="rounded-lg border border-line bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <Link to={pageOf(mail.id, back)} className="min-w-0 font-medium break-words text-brand-700 underline">
              {mail.subject}
            </Link>
            <MailStateBadge status={mail.status} attempts={mail.attempts} />
          </div>
          <p className="mt-1 text-sm break-all">{mail.to}</p>
          <p className="mt-1 text-xs text-muted">
            <When at={mail.createdAt} />
            {` · #${mail.id}`}
            {mail.resentFromId ? ` · copy of #${mail.resentFromId}` : ""}
          </p>
          <ErrorText error={mail.error} />
        </li>
      ))}
    </ul>
  );
}

function EmailsPaging({
  query,
  newer,
  older,
}: {
  query: AdminEmailsQuery;
  newer: number | null;
  older: number | null;
}) {
  if (!newer && !older) return null;
  const link = "inline-flex h-9 items-center rounded-md border border-line px-3 text-sm font-medium hover:bg-surface";
  return (
    <nav aria-label="E-mails pages" className="flex items-center justify-between gap-3">
      {newer ? (
        <Link to={`/admin/emails${adminEmailsSearch(query, { before: newer })}`} className={link}>
          Newer e-mails
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={`/admin/emails${adminEmailsSearch(query, { after: older })}`} className={link}>
          Older e-mails
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
