import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import type { Database } from "../../app/db/client.server";
import { outbox } from "../../app/db/schema";
import { MAX_ATTEMPTS, startMailDelivery, type MailDelivery } from "../../app/domain/mail/delivery.server";
import { enqueueMail } from "../../app/domain/mail/outbox.server";
import { createLogger } from "../../app/lib/logger.server";
import { createTestDatabase } from "../support/db";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a loopback port that keeps what it receives (or refuses everything). */
async function startSmtp(opts: { refuse?: string } = {}) {
  const received: Received[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (opts.refuse) {
        const error = new Error(opts.refuse) as Error & { responseCode: number };
        error.responseCode = 451;
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

const logger = createLogger("silent");
const FROM = "Trapkracht <noreply@trapkracht.test>";

describe("mail delivery from the outbox", () => {
  let database: Database;
  const workers: MailDelivery[] = [];
  const start = (smtpUrl: string, extra: { retryDelaysMs?: number[] } = {}) => {
    // A long interval: the test drives passes with runOnce(), the timer never fires during it.
    const worker = startMailDelivery({ db: database.db, smtpUrl, from: FROM, logger, intervalMs: 3_600_000, ...extra });
    workers.push(worker);
    return worker;
  };
  const rows = () => database.db.select().from(outbox).orderBy(asc(outbox.id));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    await database.close();
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
});
