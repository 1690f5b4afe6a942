import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "../orders/schema";

/** A file sent with a mail, made when the mail is sent (so the outbox row stays small): an invoice PDF. */
export type MailAttachmentRef = { kind: "invoice"; number: number };

/** pending → sending (claimed, lease in locked_until) → sent, or back to pending, or failed after the last attempt. */
export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

/**
 * Every outgoing e-mail is written here first (in the same transaction as the change that caused it),
 * then delivered by SMTP when configured. Nothing is lost when the mail server is down.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attachments: jsonb("attachments").$type<MailAttachmentRef[]>(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * When the latest attempt failed (with lastError); cleared when the mail is sent. The admin's banner
     * compares it with the newest sent_at: mail is "not being delivered" while a failure is newer than
     * every delivery (ADR 0036).
     */
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    /** A pending row is not claimed before this moment: the retry backoff, shared by every worker. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Lease of a 'sending' row: the worker that claimed it sends without holding a lock. A worker that
     * dies mid-send leaves the row 'sending'; once the lease runs out another worker retries it.
     */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The moment the row was written, not its transaction's start: the order timeline puts a mail
     * after what caused it in the same transaction (a withdrawal stamped by the application clock).
     */
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * The order a mail is about (confirmation, status, withdrawal, refund, dropshipment error), so the
     * order's timeline lists every mail sent or waiting; null for mails about no order.
     */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** A copy an admin sent again from the order's timeline: the outbox row it copies. */
    resentFromId: integer("resent_from_id"),
  },
  (t) => [
    index("outbox_status_idx").on(t.status, t.id),
    index("outbox_order_idx")
      .on(t.orderId, t.id)
      .where(sql`${t.orderId} IS NOT NULL`),
    // The admin banner's two reads (ADR 0036): the newest delivery, and the failures after it.
    index("outbox_sent_at_idx")
      .on(t.sentAt)
      .where(sql`${t.sentAt} IS NOT NULL`),
    index("outbox_last_error_at_idx")
      .on(t.lastErrorAt)
      .where(sql`${t.lastErrorAt} IS NOT NULL`),
    // The E-mails tab's search (recipient or subject, any part): without them a rare term read the
    // whole outbox (230 ms at 200 000 mails on PostgreSQL, over a second on PGlite; ADR 0036).
    index("outbox_to_address_trgm_idx").using("gin", sql`lower(${t.toAddress}) gin_trgm_ops`),
    index("outbox_subject_trgm_idx").using("gin", sql`lower(${t.subject}) gin_trgm_ops`),
  ],
);
