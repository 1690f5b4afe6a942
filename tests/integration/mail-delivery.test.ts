import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { rowsOf } from "../../app/db/rows.server";
import { jobs, outbox } from "../../app/db/schema";
import { MAX_ATTEMPTS, mailJob, startMailDelivery, type MailDelivery } from "../../app/features/mail/delivery.server";
import { enqueueMail } from "../../app/features/mail/outbox.server";
import { resolveMailAttachment } from "../../app/features/shopper-orders/mail-attachments.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { useTestDatabase } from "../support/fixture";

type Received = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a loopback port that keeps what it receives, or refuses everything (`refuse`
 * to MAIL FROM, with 451 or `refuseCode`), or refuses the recipient (`refuseRecipient` to RCPT TO).
 */
async function startSmtp(
  opts: { refuse?: string; refuseCode?: number; refuseRecipient?: { code: number; text: string } } = {},
) {
  const received: Received[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (opts.refuse) {
        const error = new Error(opts.refuse) as Error & { responseCode: number };
        error.responseCode = opts.refuseCode ?? 451;
        return callback(error);
      }
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (opts.refuseRecipient) {
        const error = new Error(opts.refuseRecipient.text) as Error & { responseCode: number };
        error.responseCode = opts.refuseRecipient.code;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A "mail server" that accepts the connection and then never says anything, like a hung server.
 * `connected` resolves when the worker has connected, i.e. is in the middle of its send.
 */
async function startSilentSmtp() {
  const sockets: Socket[] = [];
  let onConnect: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnect = resolve));
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnect();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connected,
    /** Drops every connection: the hanging send fails at once instead of after its timeout. */
    hangUp: () => sockets.forEach((s) => s.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const logger = createLogger("silent");
const FROM = "Trapkracht <noreply@trapkracht.test>";

describe("mail delivery from the outbox", () => {
  const database = useTestDatabase();
  const workers: MailDelivery[] = [];
  const start = (smtpUrl: string, extra: { retryDelaysMs?: number[] } = {}) => {
    // A long interval: the test drives passes with runOnce(), the timer never fires during it.
    const worker = startMailDelivery({
      db: database.db,
      smtpUrl,
      from: FROM,
      logger,
      intervalMs: 3_600_000,
      resolveAttachment: resolveMailAttachment,
      ...extra,
    });
    workers.push(worker);
    return worker;
  };
  const rows = () => database.db.select().from(outbox).orderBy(asc(outbox.id));
  /** The database's clock: the worker's times come from now() in SQL, not from this process. */
  const dbNow = async () => {
    const [row] = rowsOf<{ now: string | Date }>(await database.db.execute(sql`select now() as now`));
    return new Date(row!.now);
  };

  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(jobs);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  it("sends pending mails with their reply-to and marks them sent", async () => {
    const smtp = await startSmtp();
    try {
      await enqueueMail(database.db, {
        kind: "contact-message",
        to: "winkel@trapkracht.test",
        replyTo: "anna@example.nl",
        subject: "Contactformulier: Levertijd",
        text: "Wanneer komt mijn pakket?",
        html: "<p>Wanneer komt mijn pakket?</p>",
      });
      await enqueueMail(database.db, {
        kind: "contact-confirmation",
        to: "anna@example.nl",
        subject: "Ontvangen",
        text: "Bedankt",
      });

      const sent = await start(smtp.url).runOnce();
      expect(sent).toBe(2);
      expect(smtp.received).toHaveLength(2);
      const [first, second] = smtp.received;
      expect(first!.to).toEqual(["winkel@trapkracht.test"]);
      expect(first!.from).toBe("noreply@trapkracht.test");
      expect(first!.raw).toMatch(/^Reply-To: anna@example\.nl\r?$/m);
      expect(first!.raw).toContain("Subject: Contactformulier: Levertijd");
      expect(first!.raw).toContain("Wanneer komt mijn pakket?");
      expect(second!.to).toEqual(["anna@example.nl"]);

      const after = await rows();
      expect(after.map((r) => r.status)).toEqual(["sent", "sent"]);
      expect(after.every((r) => r.attempts === 1 && r.sentAt !== null && r.lastError === null)).toBe(true);

      // A second pass finds nothing more to send.
      expect(await workers[0]!.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it("leaves a mail pending with its attempts and error when the server refuses, and gives up after 5", async () => {
    const smtp = await startSmtp({ refuse: "Mailbox tijdelijk niet beschikbaar" });
    try {
      await enqueueMail(database.db, { kind: "test", to: "anna@example.nl", subject: "Hallo", text: "Tekst" });
      const worker = start(smtp.url, { retryDelaysMs: [0] });
      expect(await worker.runOnce()).toBe(0);
      let [row] = await rows();
      expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(row!.lastError).toContain("451");
      expect(row!.lastError).toContain("Mailbox tijdelijk niet beschikbaar");

      for (let i = 1; i < MAX_ATTEMPTS + 2; i++) await worker.runOnce();
      [row] = await rows();
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    } finally {
      await smtp.close();
    }
  });

  it("gives a mail up at once when the server refuses its recipient for good (5xx), not for a 4xx", async () => {
    const gone = await startSmtp({ refuseRecipient: { code: 550, text: "5.1.1 User unknown" } });
    const full = await startSmtp({ refuseRecipient: { code: 452, text: "4.2.2 Mailbox full" } });
    try {
      await enqueueMail(database.db, { kind: "test", to: "weg@example.nl", subject: "Hallo", text: "Tekst" });
      expect(await start(gone.url, { retryDelaysMs: [0] }).runOnce()).toBe(0);
      let [row] = await rows();
      expect(row).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
      expect(row!.lastError).toContain("550 5.1.1 User unknown");
      const [job] = await database.db.select().from(jobs).where(mailJob(row!.id));
      expect(job).toMatchObject({ status: "failed", attempts: 1 });
      expect(gone.received).toHaveLength(0);

      await database.db.delete(outbox);
      await database.db.delete(jobs);
      await enqueueMail(database.db, { kind: "test", to: "vol@example.nl", subject: "Hallo", text: "Tekst" });
      expect(await start(full.url, { retryDelaysMs: [0] }).runOnce()).toBe(0);
      [row] = await rows();
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toContain("452 4.2.2 Mailbox full");
    } finally {
      await gone.close();
      await full.close();
    }
  });

  it("keeps trying a mail the server refuses at MAIL FROM with a 5xx (the shop's own setup, which can be fixed)", async () => {
    // A sender the server does not accept: not the recipient's fault.
    const smtp = await startSmtp({ refuse: "5.7.1 Sender address rejected: not owned by user", refuseCode: 553 });
    try {
      await enqueueMail(database.db, { kind: "test", to: "anna@example.nl", subject: "Hallo", text: "Tekst" });
      await start(smtp.url, { retryDelaysMs: [0] }).runOnce();
      const [row] = await rows();
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toContain("553 5.7.1");
    } finally {
      await smtp.close();
    }
  });

  it("waits before retrying a failed mail", async () => {
    const smtp = await startSmtp({ refuse: "Later" });
    try {
      await enqueueMail(database.db, { kind: "test", to: "anna@example.nl", subject: "Hallo", text: "Tekst" });
      const worker = start(smtp.url); // default delays: a minute before the 2nd attempt
      await worker.runOnce();
      await worker.runOnce();
      const [row] = await rows();
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it("records an unreachable server as an error without sending", async () => {
    const smtp = await startSmtp();
    const url = smtp.url;
    await smtp.close();
    await enqueueMail(database.db, { kind: "test", to: "anna@example.nl", subject: "Hallo", text: "Tekst" });
    await start(url).runOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it("never sends a mail twice when two workers run at the same time", async () => {
    const smtp = await startSmtp();
    try {
      for (let i = 0; i < 12; i++) {
        await enqueueMail(database.db, {
          kind: "test",
          to: `klant${i}@example.nl`,
          subject: `Mail ${i}`,
          text: `Tekst ${i}`,
        });
      }
      const a = start(smtp.url);
      const b = start(smtp.url);
      const [sentA, sentB] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(sentA + sentB).toBe(12);
      const recipients = smtp.received.flatMap((m) => m.to).sort();
      expect(recipients).toHaveLength(12);
      expect(new Set(recipients).size).toBe(12);
      const after = await rows();
      expect(after.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("keeps the database free while a hanging SMTP server holds up a send", async () => {
    const smtp = await startSilentSmtp();
    try {
      await enqueueMail(database.db, { kind: "test", to: "anna@example.nl", subject: "Hallo", text: "Tekst" });
      let sendFinished = false;
      const pass = start(smtp.url)
        .runOnce()
        .finally(() => {
          sendFinished = true;
        });
      await smtp.connected;

      // Mid-send: an unrelated query through the same Db answers (on PGlite's single connection it
      // would wait for the send if the worker held a transaction) ...
      const [one] = rowsOf<{ one: number }>(await database.db.execute(sql`select 1::int as one`));
      expect(one).toEqual({ one: 1 });
      // ... the claim is committed and visible, and the row carries no lock (NOWAIT would throw).
      const locked = await database.db.transaction((tx) =>
        tx.select().from(outbox).where(eq(outbox.status, "sending")).for("update", { noWait: true }),
      );
      expect(locked).toHaveLength(1);
      expect(locked[0]!.attempts).toBe(1);
      expect(locked[0]!.lockedUntil!.getTime()).toBeGreaterThan((await dbNow()).getTime());
      expect(sendFinished).toBe(false);

      smtp.hangUp();
      expect(await pass).toBe(0);
      const [row] = await rows();
      expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
      expect(row!.lastError).not.toBeNull();
    } finally {
      smtp.hangUp();
      await smtp.close();
    }
  });

  it("keeps the retry backoff in the database, so a new worker honours it", async () => {
    const smtp = await startSmtp({ refuse: "Later" });
    const good = await startSmtp();
    try {
      await enqueueMail(database.db, { kind: "test", to: "anna@example.nl", subject: "Hallo", text: "Tekst" });
      const before = await dbNow();
      await start(smtp.url).runOnce(); // fails; default backoff: a minute
      let [row] = await rows();
      expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
      const waitMs = row!.nextAttemptAt.getTime() - before.getTime();
      expect(waitMs).toBeGreaterThanOrEqual(60_000);
      expect(waitMs).toBeLessThan(5 * 60_000);

      // A fresh worker (a restart, or another instance) with a working server still waits.
      const fresh = start(good.url);
      expect(await fresh.runOnce()).toBe(0);
      expect(good.received).toHaveLength(0);
      [row] = await rows();
      expect(row).toMatchObject({ status: "pending", attempts: 1 });

      // The backoff lives on the mail's job; once it has passed the mail is sent.
      await database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });
      expect(await fresh.runOnce()).toBe(1);
      expect(good.received).toHaveLength(1);
      [row] = await rows();
      expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null, lockedUntil: null });
    } finally {
      await smtp.close();
      await good.close();
    }
  });

  it("retries a mail whose worker's lease ran out, but not one still leased", async () => {
    const smtp = await startSmtp();
    try {
      const expired = await enqueueMail(database.db, {
        kind: "test",
        to: "verlopen@example.nl",
        subject: "A",
        text: "A",
      });
      const leased = await enqueueMail(database.db, { kind: "test", to: "bezig@example.nl", subject: "B", text: "B" });
      // As a worker leaves them when it dies mid-send (expired) or while it is still sending (leased).
      await database.db.update(outbox).set({ status: "sending", attempts: 1 });
      await database.db
        .update(jobs)
        .set({ status: "running", attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
        .where(mailJob(expired.id));
      await database.db
        .update(jobs)
        .set({ status: "running", attempts: 1, lockedUntil: sql`now() + interval '2 minutes'` })
        .where(mailJob(leased.id));

      expect(await start(smtp.url).runOnce()).toBe(1);
      expect(smtp.received.map((m) => m.to)).toEqual([["verlopen@example.nl"]]);
      const [a, b] = await rows();
      expect(a).toMatchObject({ status: "sent", attempts: 2, lockedUntil: null });
      expect(b).toMatchObject({ status: "sending", attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it("marks a mail failed when its lease ran out on the last attempt", async () => {
    const smtp = await startSmtp();
    try {
      const mail = await enqueueMail(database.db, { kind: "test", to: "anna@example.nl", subject: "A", text: "A" });
      await database.db.update(outbox).set({ status: "sending", attempts: MAX_ATTEMPTS }).where(eq(outbox.id, mail.id));
      await database.db
        .update(jobs)
        .set({ status: "running", attempts: MAX_ATTEMPTS, lockedUntil: sql`now() - interval '1 second'` })
        .where(mailJob(mail.id));
      expect(await start(smtp.url).runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(0);
      const [row] = await rows();
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lockedUntil: null });
      expect(row!.lastError).toContain("laatste poging");
    } finally {
      await smtp.close();
    }
  });
});
