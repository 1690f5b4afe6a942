import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; mimeType: string; contentBase64: string }[];
};

/**
 * A real SMTP server on loopback that keeps every message, plus a tiny HTTP endpoint
 * (GET /messages?to=…) so browser tests in another process can read what the shop sent.
 */
export async function startMailbox() {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
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
