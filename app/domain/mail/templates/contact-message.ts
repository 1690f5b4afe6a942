import type { ContactInput } from "~/domain/contact/contact-schema";
import { escapeHtml, htmlLayout, multilineHtml, type MailContent } from "./escape";

/** The customer's message as it reaches the shop's inbox; "reply" goes to the customer (reply-to). */
export function contactMessageMail(input: ContactInput): MailContent {
  const name = `${input.firstName} ${input.lastName}`;
  const subject = `Contactformulier: ${input.subject}`;
  const text = [
    `Nieuw bericht via het contactformulier van Trapkracht.`,
    ``,
    `Naam: ${name}`,
    `E-mailadres: ${input.email}`,
    `Onderwerp: ${input.subject}`,
    ``,
    input.message,
    ``,
    `Beantwoord deze e-mail om ${input.firstName} direct te antwoorden.`,
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Nieuw bericht via het contactformulier.</p>
<table style="border-collapse:collapse;margin:0 0 16px">
<tr><td style="padding:2px 12px 2px 0;color:#475569">Naam</td><td>${escapeHtml(name)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#475569">E-mailadres</td><td>${escapeHtml(input.email)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#475569">Onderwerp</td><td>${escapeHtml(input.subject)}</td></tr>
</table>
<div style="border-left:3px solid #065f46;padding:4px 0 4px 12px">${multilineHtml(input.message)}</div>
<p style="margin:16px 0 0;color:#475569;font-size:13px">Beantwoord deze e-mail om ${escapeHtml(input.firstName)} direct te antwoorden.</p>`,
  );
  return { subject, text, html };
}
