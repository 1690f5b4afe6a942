import { and, asc, eq, gte, lt, lte, notInArray, or, sql } from "drizzle-orm";
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

type OutboxRow = typeof outbox.$inferSelect;
type Outcome = { id: number; sent: boolean; attempts: number; recorded: boolean; error?: string };

/**
 * How long a claimed row belongs to its worker. Far longer than a send can take with the timeouts
 * below (connect 10 s + greeting 10 s + 20 s of socket silence per step), so a live worker keeps its
 * row; a worker that died mid-send gives the row up when the lease runs out.
 */
export const LEASE = "2 minutes";

/** Only the error's own message and SMTP code: nodemailer errors also carry the command sent, which can include AUTH data. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "onbekende fout";
  const code = (error as { responseCode?: number }).responseCode;
  return (code ? `${code} ` : "") + error.message.slice(0, 500);
}

/**
 * Claims the oldest due mail in one short statement: a pending row whose backoff has passed, or a
 * 'sending' row whose worker's lease ran out. The row lock of `FOR UPDATE SKIP LOCKED` lasts only
 * for this statement (two workers never claim the same row); afterwards status 'sending' with a
 * future `locked_until` keeps other workers away, without any lock or transaction held while we
 * talk to the SMTP server. `attempts` is counted here, so it also serves as this claim's token.
 */
async function claimNext(db: Db, skip: number[]): Promise<OutboxRow | null> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        or(
          and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, sql`now()`)),
          and(eq(outbox.status, "sending"), lt(outbox.lockedUntil, sql`now()`)),
        ),
        lt(outbox.attempts, MAX_ATTEMPTS),
        skip.length ? notInArray(outbox.id, skip) : undefined,
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(outbox)
    .set({
      status: "sending",
      lockedUntil: sql`now() + ${LEASE}::interval`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(sql`${outbox.id} = (${due})`)
    .returning();
  return row ?? null;
}

/**
 * A row whose lease ran out on its last allowed attempt cannot be retried; it is marked failed for a
 * person to look at (the crashed worker may or may not have handed it to the SMTP server).
 */
async function failAbandoned(db: Db): Promise<number[]> {
  const rows = await db
    .update(outbox)
    .set({
      status: "failed",
      lockedUntil: null,
      lastError: "Verzending afgebroken tijdens de laatste poging (worker gestopt); onbekend of de mail is verstuurd",
    })
    .where(and(eq(outbox.status, "sending"), lt(outbox.lockedUntil, sql`now()`), gte(outbox.attempts, MAX_ATTEMPTS)))
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/**
 * Claims one mail, sends it with no transaction or lock open (PGlite has a single connection: a lock
 * held during a hanging SMTP conversation would stall every other query of the shop), then records
 * the outcome. The backoff lives in `next_attempt_at`, so it survives restarts and every instance
 * honours it. Delivery is at-least-once: a worker that dies after the SMTP server accepted the mail
 * but before recording it leaves the row 'sending', and it is sent again when the lease expires.
 */
async function deliverNext(
  db: Db,
  transport: Transporter,
  from: string,
  delays: number[],
  skip: number[],
): Promise<Outcome | null> {
  const row = await claimNext(db, skip);
  if (!row) return null;
  const { attempts } = row;
  // Only record if the row is still ours: if our lease ran out and another worker claimed it, its
  // claim raised `attempts`, and its outcome is the one that counts.
  const ours = and(eq(outbox.id, row.id), eq(outbox.status, "sending"), eq(outbox.attempts, attempts));
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
  } catch (error) {
    const message = describeError(error);
    const giveUp = attempts >= MAX_ATTEMPTS;
    const delayMs = delays[Math.min(attempts - 1, delays.length - 1)] ?? 60_000;
    const updated = await db
      .update(outbox)
      .set({
        status: giveUp ? "failed" : "pending",
        lockedUntil: null,
        lastError: message,
        nextAttemptAt: giveUp ? undefined : sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
      })
      .where(ours)
      .returning({ id: outbox.id });
    return { id: row.id, sent: false, attempts, recorded: updated.length > 0, error: message };
  }
  const updated = await db
    .update(outbox)
    .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(ours)
    .returning({ id: outbox.id });
  return { id: row.id, sent: true, attempts, recorded: updated.length > 0 };
}

/** Starts the outbox delivery worker (server.ts runs it when SMTP_URL is set). */
export function startMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, from, logger } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 25;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  // Short timeouts: a hanging server holds up this worker's pass (not the database) and must stay
  // well inside the LEASE.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const log = logger.child({ component: "mail-delivery" });

  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const pass = async (): Promise<number> => {
    for (const id of await failAbandoned(db)) {
      log.error({ outboxId: id, attempts: MAX_ATTEMPTS }, "mail abandoned during its last attempt, marked failed");
    }
    let sent = 0;
    // A mail that fails is tried at most once a pass, whatever its backoff (a zero delay included).
    const failedThisPass: number[] = [];
    for (let i = 0; i < batchSize && !stopped; i++) {
      const outcome = await deliverNext(db, transport, from, delays, failedThisPass);
      if (!outcome) break;
      if (!outcome.recorded) {
        log.warn(
          { outboxId: outcome.id, attempts: outcome.attempts },
          "lease expired during send, outcome left to the newer claim",
        );
      }
      if (outcome.sent) {
        sent++;
        log.info({ outboxId: outcome.id, attempts: outcome.attempts }, "mail sent");
        continue;
      }
      failedThisPass.push(outcome.id);
      if (outcome.attempts >= MAX_ATTEMPTS) {
        log.error({ outboxId: outcome.id, attempts: outcome.attempts, reason: outcome.error }, "mail failed for good");
      } else {
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
