import type { Db } from "~/db/client.server";
import { enqueueMail } from "~/features/mail/index.server";
import { contactConfirmationMail, contactMessageMail } from "~/features/mail-templates/index.server";
import { hitRateLimit } from "~/shared/security/rate-limit.server";
import type { ContactInput } from "./contact-schema";

/** Per hour: at most 5 messages from one IP address and 3 for one e-mail address. */
export const CONTACT_LIMITS = { perIp: 5, perEmail: 3, windowSeconds: 3600 } as const;

export type SendContactResult = { ok: true } | { ok: false; reason: "rate-limited" };

/**
 * Stores a contact message: the message for the shop (reply-to the customer) and a confirmation for
 * the customer, both in the outbox in one transaction, after the rate limits allow it.
 */
export async function sendContactMessage(
  db: Db,
  input: ContactInput,
  opts: { clientIp: string; shopEmail: string; customerServiceEmail: string },
): Promise<SendContactResult> {
  return db.transaction(async (tx) => {
    const window = CONTACT_LIMITS.windowSeconds;
    const byIp = await hitRateLimit(tx, {
      key: `contact:ip:${opts.clientIp}`,
      limit: CONTACT_LIMITS.perIp,
      windowSeconds: window,
    });
    if (!byIp.allowed) return { ok: false, reason: "rate-limited" } as const;
    const byEmail = await hitRateLimit(tx, {
      key: `contact:email:${input.email.toLowerCase()}`,
      limit: CONTACT_LIMITS.perEmail,
      windowSeconds: window,
    });
    if (!byEmail.allowed) return { ok: false, reason: "rate-limited" } as const;

    const message = contactMessageMail(input);
    await enqueueMail(tx, {
      kind: "contact-message",
      to: opts.shopEmail,
      replyTo: input.email,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    const confirmation = contactConfirmationMail(input, { customerServiceEmail: opts.customerServiceEmail });
    await enqueueMail(tx, {
      kind: "contact-confirmation",
      to: input.email,
      subject: confirmation.subject,
      text: confirmation.text,
      html: confirmation.html,
    });
    return { ok: true } as const;
  });
}
