import { hasInvalidCharacters } from "~/shared/forms/text-input";

/**
 * The E-mails tab's URL (/admin/emails?status=…&q=…&after=<id>|before=<id>), read the same way by the
 * loader and by the links the page draws (the dashboard links ?status=failed and ?status=pending).
 * Pure: shared with the browser.
 */
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The words the admin reads for each outbox status (the filter, the badges). */
export const MAIL_STATUS_LABEL: Record<MailStatus, string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

export type AdminEmailsQuery = {
  status: MailStatus | null;
  /** Part of the recipient's address or of the subject. */
  q: string;
  /** Keyset paging on the outbox id: older than `after`, or newer than `before`. */
  after: number | null;
  before: number | null;
};

export const MAIL_SEARCH_MAX_LENGTH = 100;

const ID = /^[1-9]\d{0,9}$/;

/** An outbox id from a URL or form (digits only, within the integer column), or null. */
export function parseMailId(value: string | null | undefined): number | null {
  if (!value || !ID.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export type ParsedAdminEmailsQuery = { ok: true; query: AdminEmailsQuery } | { ok: false; error: string };

export function parseAdminEmailsQuery(params: URLSearchParams): ParsedAdminEmailsQuery {
  const raw = params.get("q") ?? "";
  if (hasInvalidCharacters(raw)) return { ok: false, error: "The search may not contain control characters." };
  if (raw.length > MAIL_SEARCH_MAX_LENGTH) {
    return { ok: false, error: `The search may be at most ${MAIL_SEARCH_MAX_LENGTH} characters long.` };
  }
  const status = params.get("status") ?? "";
  if (status !== "" && !(MAIL_STATUSES as readonly string[]).includes(status)) {
    return { ok: false, error: "Unknown status: choose waiting, sending, sent or failed." };
  }
  const after = parseMailId(params.get("after"));
  return {
    ok: true,
    query: {
      status: status === "" ? null : (status as MailStatus),
      q: raw.trim().replace(/\s+/g, " "),
      after,
      before: after ? null : parseMailId(params.get("before")),
    },
  };
}

/** The query string for a list link ("" for the unfiltered first page); `page` replaces the cursor. */
export function adminEmailsSearch(
  query: Pick<AdminEmailsQuery, "status" | "q">,
  page: { after?: number | null; before?: number | null } = {},
): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (page.after) params.set("after", String(page.after));
  if (page.before) params.set("before", String(page.before));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** What the state column says: "Waiting", "Waiting (2 failed attempts)", "Failed after 5 attempts", "Sent". */
export function mailStateText(status: MailStatus, attempts: number): string {
  const times = (n: number) => `${n} ${n === 1 ? "attempt" : "attempts"}`;
  switch (status) {
    case "sent":
      return attempts > 1 ? `Sent (${times(attempts)})` : "Sent";
    case "failed":
      return `Failed after ${times(attempts)}`;
    case "sending":
      return `Sending (${attempts > 0 ? `attempt ${attempts}` : "first attempt"})`;
    default:
      return attempts > 0 ? `Waiting (${attempts} failed ${attempts === 1 ? "attempt" : "attempts"})` : "Waiting";
  }
}
