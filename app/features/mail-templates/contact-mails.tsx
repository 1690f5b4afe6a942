import type { ContactInput } from "~/features/contact";
import type { MailContent } from "./mail-content";
import { linkStyle, MailLayout, Multiline } from "./mail-layout";
import { renderMailHtml } from "./render-mail";

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
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <p style={{ margin: "0 0 12px" }}>Hoi {input.firstName},</p>
      <p style={{ margin: "0 0 12px" }}>
        Bedankt voor je bericht. We hebben het goed ontvangen en reageren binnen twee werkdagen.
      </p>
      <p style={{ margin: "0 0 4px", color: "#475569" }}>Je schreef:</p>
      <p style={{ margin: "0 0 4px" }}>
        <strong>{input.subject}</strong>
      </p>
      <blockquote
        style={{ margin: "0 0 16px", borderLeft: "3px solid #e2e8f0", padding: "4px 0 4px 12px", color: "#334155" }}
      >
        <Multiline text={input.message} />
      </blockquote>
      <p style={{ margin: "0 0 12px" }}>
        Wil je nog iets toevoegen? Mail ons op{" "}
        <a href={`mailto:${opts.customerServiceEmail}`} style={linkStyle}>
          {opts.customerServiceEmail}
        </a>
        .
      </p>
      <p style={{ margin: 0 }}>
        Sportieve groet,
        <br />
        Klantenservice Trapkracht
      </p>
    </MailLayout>,
  );
  return { subject, text, html };
}

const fieldName = { padding: "2px 12px 2px 0", color: "#475569" };

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
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <p style={{ margin: "0 0 12px" }}>Nieuw bericht via het contactformulier.</p>
      <table style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
        <tbody>
          <tr>
            <td style={fieldName}>Naam</td>
            <td>{name}</td>
          </tr>
          <tr>
            <td style={fieldName}>E-mailadres</td>
            <td>{input.email}</td>
          </tr>
          <tr>
            <td style={fieldName}>Onderwerp</td>
            <td>{input.subject}</td>
          </tr>
        </tbody>
      </table>
      <div style={{ borderLeft: "3px solid #065f46", padding: "4px 0 4px 12px" }}>
        <Multiline text={input.message} />
      </div>
      <p style={{ margin: "16px 0 0", color: "#475569", fontSize: 13 }}>
        Beantwoord deze e-mail om {input.firstName} direct te antwoorden.
      </p>
    </MailLayout>,
  );
  return { subject, text, html };
}
