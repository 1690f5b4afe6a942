import type { ContactInput } from "~/domain/contact/contact-schema";
import { escapeHtml, htmlLayout, multilineHtml, type MailContent } from "./escape";

/** The confirmation the customer receives, quoting what they sent (spec 2 §7.4 send-contact-confirmation). */
export function contactConfirmationMail(input: ContactInput, opts: { customerServiceEmail: string }): MailContent {
  const subject = `We hebben je bericht ontvangen: ${input.subject}`;
  const text = [
    `Hoi ${input.firstName},`,
    ``,
    `Bedankt voor je bericht. We hebben het goed ontvangen en reageren binnen twee werkdagen.`,
    ``,
    `Je schreef:`,
    `Onderwerp: ${input.subject}`,
    ...input.message.split(/\r?\n/).map((line) => `> ${line}`),
    ``,
    `Wil je nog iets toevoegen? Mail ons op ${opts.customerServiceEmail}.`,
    ``,
    `Sportieve groet,`,
    `Klantenservice Trapkracht`,
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hoi ${escapeHtml(input.firstName)},</p>
<p style="margin:0 0 12px">Bedankt voor je bericht. We hebben het goed ontvangen en reageren binnen twee werkdagen.</p>
<p style="margin:0 0 4px;color:#475569">Je schreef:</p>
<p style="margin:0 0 4px"><strong>${escapeHtml(input.subject)}</strong></p>
<blockquote style="margin:0 0 16px;border-left:3px solid #e2e8f0;padding:4px 0 4px 12px;color:#334155">${multilineHtml(input.message)}</blockquote>
<p style="margin:0 0 12px">Wil je nog iets toevoegen? Mail ons op <a href="mailto:${escapeHtml(opts.customerServiceEmail)}" style="color:#065f46">${escapeHtml(opts.customerServiceEmail)}</a>.</p>
<p style="margin:0">Sportieve groet,<br>Klantenservice Trapkracht</p>`,
  );
  return { subject, text, html };
}
