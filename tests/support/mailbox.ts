import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  to: string[];
  /** The shop's outbox row the mail was sent from (its X-Trapkracht-Outbox-Id header). */
  outboxId: number | null;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; mimeType: string; contentBase64: string }[];
};

/** Recipients whose address starts with this are greylisted: their first delivery is refused with 451. */
export const GREYLISTED_PREFIX = "greylist-";
/** Recipients whose address starts with this do not exist: every delivery is refused with 550 (a hard bounce). */
export const BOUNCING_PREFIX = "bounce-";

/**
 * A real SMTP server on loopback that keeps every message, plus a tiny HTTP endpoint
 * (GET /messages?to=…) so browser tests in another process can read what the shop sent. Like a
 * greylisting mail server, it answers the first RCPT TO of an address starting with "greylist-" with
 * "451 4.7.1 Greylisted" and accepts it from then on (a delivery that fails once, for real); like a
 * server without that mailbox, it answers every RCPT TO of an address starting with "bounce-" with
 * "550 5.1.1 User unknown" (a delivery that can never succeed).
 */
export async function startMailbox() {
  const messages: CapturedMail[] = [];
  const greylisted = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.startsWith(BOUNCING_PREFIX)) {
        const error = new Error(`5.1.1 <${to}>: Recipient address rejected: User unknown`) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        callback(error);
        return;
      }
      if (to.startsWith(GREYLISTED_PREFIX) && !greylisted.has(to)) {
        greylisted.add(to);
        const error = new Error("4.7.1 Greylisted, please try again later") as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              outboxId: outboxIdOf(email.headers),
              subject: email.subject ?? "",
              text: email.text ?? "",
              html: email.html ?? "",
              attachments: email.attachments.map((a) => ({
                filename: a.filename ?? "",
                mimeType: a.mimeType,
                contentBase64: Buffer.from(a.content as ArrayBuffer).toString("base64"),
              })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://mailbox");
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    messages,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

function outboxIdOf(headers: { key: string; value: string }[]): number | null {
  const value = headers.find((h) => h.key.toLowerCase() === "x-trapkracht-outbox-id")?.value;
  return value && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** Reads the captured mails for one address (from a browser-test worker). */
export async function mailsTo(mailboxUrl: string, address: string): Promise<CapturedMail[]> {
  const res = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as CapturedMail[];
}

/** The first link in a text mail that starts with the given prefix. */
export function linkIn(mail: CapturedMail, prefix: string): string | null {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(prefix));
  return match ?? null;
}
