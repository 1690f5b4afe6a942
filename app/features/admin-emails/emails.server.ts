import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { invoices, outbox } from "~/db/schema";
import { escapeLike } from "~/features/search/index.server";
import { mailAttachmentFilename } from "~/features/shopper-orders/index.server";
import type { AdminEmailsQuery, MailStatus } from "./emails-query";

/** Mails a page of the E-mails tab shows. */
export const EMAILS_PAGE_SIZE = 50;

export type MailListRow = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  orderId: string | null;
  resentFromId: number | null;
};

export type MailPage = {
  mails: MailListRow[];
  /** Cursors for the neighbouring pages (an outbox id), or null at either end. */
  newer: number | null;
  older: number | null;
};

const listColumns = {
  id: outbox.id,
  kind: outbox.kind,
  to: outbox.toAddress,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  orderId: outbox.orderId,
  resentFromId: outbox.resentFromId,
};

/**
 * One page of the outbox, newest first (the id is the order of writing), on a keyset over the id:
 * a status filter reads outbox_status_idx (status, id) from the cursor on; the search (part of the
 * recipient or subject, any case) is checked row by row along the primary key and stops at a page.
 */
export async function listMails(db: Db, query: AdminEmailsQuery): Promise<MailPage> {
  const backwards = query.before !== null;
  const pattern = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : null;
  const rows = await db
    .select(listColumns)
    .from(outbox)
    .where(
      and(
        query.status ? eq(outbox.status, query.status) : undefined,
        pattern
          ? or(sql`lower(${outbox.toAddress}) like ${pattern}`, sql`lower(${outbox.subject}) like ${pattern}`)
          : undefined,
        query.after ? lt(outbox.id, query.after) : undefined,
        query.before ? gt(outbox.id, query.before) : undefined,
      ),
    )
    .orderBy(backwards ? asc(outbox.id) : desc(outbox.id))
    .limit(EMAILS_PAGE_SIZE + 1);
  const more = rows.length > EMAILS_PAGE_SIZE;
  const page = rows.slice(0, EMAILS_PAGE_SIZE);
  if (backwards) page.reverse();
  if ((query.after || query.before) && page.length === 0) {
    // Nothing on that side of the cursor (any more): the first page.
    return listMails(db, { ...query, after: null, before: null });
  }
  const first = page[0]?.id ?? null;
  const last = page.at(-1)?.id ?? null;
  const cursor = query.after ?? query.before;
  return {
    mails: page,
    newer: backwards ? (more ? first : null) : cursor ? first : null,
    older: backwards ? last : more ? last : null,
  };
}

export type MailDetails = MailListRow & {
  replyTo: string | null;
  textBody: string;
  hasHtml: boolean;
  nextAttemptAt: Date;
  /** The files the mail carries, as the mailer names them, and where the admin opens them. */
  attachments: { name: string; href: string }[];
  /** Copies an admin sent of this mail, newest first. */
  resends: { id: number; status: MailStatus; createdAt: Date }[];
};

/** One mail as it was written (and sent); null when there is no such outbox row. */
export async function getMailDetails(db: Db, id: number): Promise<MailDetails | null> {
  const [row] = await db
    .select({
      ...listColumns,
      replyTo: outbox.replyTo,
      textBody: outbox.textBody,
      hasHtml: sql<boolean>`${outbox.htmlBody} is not null`,
      nextAttemptAt: outbox.nextAttemptAt,
      attachments: outbox.attachments,
    })
    .from(outbox)
    .where(eq(outbox.id, id))
    .limit(1);
  if (!row) return null;
  const refs = row.attachments ?? [];
  const numbers = refs.filter((ref) => ref.kind === "invoice").map((ref) => ref.number);
  const [docs, resends] = await Promise.all([
    numbers.length
      ? db
          .select({ number: invoices.number, kind: invoices.kind })
          .from(invoices)
          .where(inArray(invoices.number, numbers))
      : Promise.resolve([]),
    db
      .select({ id: outbox.id, status: outbox.status, createdAt: outbox.createdAt })
      .from(outbox)
      .where(eq(outbox.resentFromId, id))
      .orderBy(desc(outbox.id))
      .limit(20),
  ]);
  const kindOf = new Map(docs.map((doc) => [doc.number, doc.kind]));
  const { attachments, ...rest } = row;
  void attachments;
  return {
    ...rest,
    hasHtml: Boolean(rest.hasHtml),
    attachments: refs.map((ref) => ({
      name: mailAttachmentFilename(kindOf.get(ref.number) ?? "invoice", ref.number),
      href: `/factuur/${ref.number}`,
    })),
    resends,
  };
}

/** The HTML part exactly as stored (sent as is); null when the mail has none or does not exist. */
export async function getMailHtml(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ html: outbox.htmlBody }).from(outbox).where(eq(outbox.id, id)).limit(1);
  return row?.html ?? null;
}

/** Counts stop here: the banner says "1000+" rather than count a huge backlog on every admin page. */
export const HEALTH_COUNT_CAP = 1000;

/**
 * Whether mail is being delivered, for the banner on every admin page (ADR 0036). Null: all is well.
 * - No SMTP configured and mails wait (status pending): "not-configured" with how many wait.
 * - SMTP configured and the newest failed attempt is later than the newest delivery: "failing", with
 *   the mails whose latest attempt failed since that delivery and the newest error. One mail sent
 *   after them (a retry, a resend, any new mail) shows delivery works again and the banner goes.
 * One statement on the partial indexes outbox_status_idx / outbox_sent_at_idx / outbox_last_error_at_idx.
 */
export type MailDeliveryHealth =
  | { problem: "not-configured"; waiting: number }
  | { problem: "failing"; failing: number; lastError: string | null; lastErrorAt: Date };

export async function getMailDeliveryHealth(
  db: Db,
  { smtpConfigured }: { smtpConfigured: boolean },
): Promise<MailDeliveryHealth | null> {
  if (!smtpConfigured) {
    const [row] = rowsOf<{ waiting: number }>(
      await db.execute(
        sql`select count(*)::int as waiting from (select 1 from ${outbox} where ${outbox.status} = 'pending' limit ${HEALTH_COUNT_CAP}) w`,
      ),
    );
    const waiting = Number(row?.waiting ?? 0);
    return waiting > 0 ? { problem: "not-configured", waiting } : null;
  }
  const [row] = rowsOf<{ failing: number; last_error: string | null; last_error_at: string | Date | null }>(
    // The newest delivery as a scalar subquery (an InitPlan): the failures after it are then an index
    // range on outbox_last_error_at_idx. Joined to a CTE instead, every failure ever was read (ADR 0036).
    await db.execute(sql`
      with delivered as (select coalesce(max(sent_at), '-infinity'::timestamptz) as at from ${outbox} where sent_at is not null),
      newest as (
        select o.last_error, o.last_error_at from ${outbox} o
        where o.last_error_at > (select at from delivered) order by o.last_error_at desc limit 1
      )
      select
        (select count(*)::int from (
          select 1 from ${outbox} o where o.last_error_at > (select at from delivered) limit ${HEALTH_COUNT_CAP}
        ) f) as failing,
        (select last_error from newest) as last_error,
        (select last_error_at from newest) as last_error_at`),
  );
  if (!row || !row.last_error_at || Number(row.failing) === 0) return null;
  return {
    problem: "failing",
    failing: Number(row.failing),
    lastError: row.last_error,
    lastErrorAt: new Date(row.last_error_at),
  };
}
