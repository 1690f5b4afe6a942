import { and, asc, eq, lt, notInArray } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import type { Logger } from "~/lib/logger.server";

/** After this many failed sends a mail is marked failed and left for a person to look at. */
export const MAX_ATTEMPTS = 5;

/** Wait before the 2nd, 3rd, 4th and 5th attempt. */
export const DEFAULT_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

export type MailDeliveryOptions = {
  db: Db;
  /** smtp:// or smtps:// URL; its credentials are never logged. */
  smtpUrl: string;
  from: string;
  logger: Logger;
  /** Pause between delivery passes. Default 5 s. */
  intervalMs?: number;
  /** Mails sent per pass at most, so one pass never runs for long. Default 25. */
  batchSize?: number;
  retryDelaysMs?: number[];
};

export type MailDelivery = {
  /** One delivery pass now (also what the timer runs); resolves to the number of mails sent. */
  runOnce: () => Promise<number>;
  /** Stops the timer, waits for a running pass and closes the SMTP connection. */
  stop: () => Promise<void>;
};

type Outcome = { id: number; sent: boolean; attempts: number; error?: string };

/** Only the error's own message and SMTP code: nodemailer errors also carry the command sent, which can include AUTH data. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "onbekende fout";
  const code = (error as { responseCode?: number }).responseCode;
  return (code ? `${code} ` : "") + error.message.slice(0, 500);
}

/**
 * Sends the oldest pending mail that is due, inside a transaction that holds its row lock
 * (`FOR UPDATE SKIP LOCKED`) until the result is recorded. A second worker — in this process or in
 * another app instance — skips locked rows, so no mail is sent twice. PGlite has a single
 * connection and runs one transaction at a time, which gives the same guarantee.
 */
async function deliverNext(db: Db, transport: Transporter, from: string, notDue: number[]): Promise<Outcome | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.status, "pending"),
          lt(outbox.attempts, MAX_ATTEMPTS),
          notDue.length ? notInArray(outbox.id, notDue) : undefined,
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const attempts = row.attempts + 1;
    try {
      await transport.sendMail({
        from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        headers: { "X-Trapkracht-Outbox-Id": String(row.id) },
      });
      await tx
        .update(outbox)
        .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
        .where(eq(outbox.id, row.id));
      return { id: row.id, sent: true, attempts };
    } catch (error) {
      const message = describeError(error);
      await tx
        .update(outbox)
        .set({ status: attempts >= MAX_ATTEMPTS ? "failed" : "pending", attempts, lastError: message })
        .where(eq(outbox.id, row.id));
      return { id: row.id, sent: false, attempts, error: message };
    }
  });
}

/** Starts the outbox delivery worker (server.ts runs it when SMTP_URL is set). */
export function startMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, from, logger } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 25;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  // Short timeouts: with PGlite a send holds the only database connection.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const log = logger.child({ component: "mail-delivery" });

  // Backoff is kept per worker: the schema has no "next attempt" column, and the attempt cap in the
  // database bounds the total however many workers retry.
  const retryAt = new Map<number, number>();
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const pass = async (): Promise<number> => {
    let sent = 0;
    // A mail that fails is tried at most once a pass, whatever its backoff.
    const failedThisPass = new Set<number>();
    for (let i = 0; i < batchSize && !stopped; i++) {
      const now = Date.now();
      for (const [id, at] of retryAt) if (at <= now) retryAt.delete(id);
      const outcome = await deliverNext(db, transport, from, [...retryAt.keys(), ...failedThisPass]);
      if (!outcome) break;
      if (!outcome.sent) failedThisPass.add(outcome.id);
      if (outcome.sent) {
        sent++;
        retryAt.delete(outcome.id);
        log.info({ outboxId: outcome.id, attempts: outcome.attempts }, "mail sent");
      } else if (outcome.attempts >= MAX_ATTEMPTS) {
        retryAt.delete(outcome.id);
        log.error({ outboxId: outcome.id, attempts: outcome.attempts, reason: outcome.error }, "mail failed for good");
      } else {
        const delay = delays[Math.min(outcome.attempts - 1, delays.length - 1)] ?? 60_000;
        retryAt.set(outcome.id, Date.now() + delay);
        log.warn(
          { outboxId: outcome.id, attempts: outcome.attempts, reason: outcome.error },
          "mail not sent, will retry",
        );
      }
    }
    return sent;
  };

  const runOnce = () => {
    // Never two passes of one worker at once; a caller joins the running pass.
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ reason: describeError(error) }, "mail delivery pass failed"))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  log.info({ intervalMs }, "mail delivery started");

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
