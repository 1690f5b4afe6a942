import { COMPANY, COMPANY_ADDRESS } from "~/features/content";
import { formatEuro } from "~/shared/money/money";
import { shortOrderId } from "~/features/shopper-orders";
import type { MailContent } from "./mail-content";
import { Label, MailLayout, Paragraphs } from "./mail-layout";
import { formatOrderDate } from "./order-mail-data";
import { renderMailHtml } from "./render-mail";

export type WithdrawnMailData = {
  orderId: string;
  withdrawalId: string;
  receivedAt: Date;
  refundDueAt: Date;
  reason: string | null;
  whole: boolean;
  customer: { name: string; email: string };
  lines: { productId: string; productName: string; quantity: number; priceCents: number }[];
};

const day = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Amsterdam",
});
const lineText = (l: WithdrawnMailData["lines"][number]) =>
  `${l.productName} × ${l.quantity} (${formatEuro(l.priceCents * l.quantity)})`;

/**
 * The shopper's confirmation of a withdrawal "on a durable medium" (issue 11): when we received it,
 * what it covers and what happens next (send it back, refund within 14 days).
 */
export function withdrawalConfirmationMail(data: WithdrawnMailData): MailContent {
  const number = shortOrderId(data.orderId);
  const subject = `Bevestiging van je herroeping – bestelling #${number}`;
  const paragraphs = [
    `Hallo ${data.customer.name || "klant"},`,
    `We hebben je herroeping van ${data.whole ? "bestelling" : "een deel van bestelling"} #${number} ontvangen op ${formatOrderDate(data.receivedAt)}.`,
  ];
  const next = [
    `Stuur de artikelen binnen 14 dagen terug naar ${COMPANY.legalName}, ${COMPANY_ADDRESS}, ${COMPANY.country}, compleet en zo mogelijk in de originele verpakking. Vermeld je bestelnummer #${number}. De kosten van het terugsturen zijn voor jouw rekening.`,
    `We betalen je uiterlijk ${day.format(data.refundDueAt)} terug, met hetzelfde betaalmiddel waarmee je betaalde: het bedrag van de herroepen artikelen${data.whole ? " en de standaard verzendkosten" : ""}. We mogen wachten tot we de artikelen terug hebben of je hebt laten zien dat je ze hebt verstuurd.`,
    `Vragen? Mail ${COMPANY.email}.`,
  ];
  const text = [
    ...paragraphs,
    "",
    "Herroepen artikelen:",
    ...data.lines.map((l) => `- ${lineText(l)}`),
    ...(data.reason ? ["", `Je reden: ${data.reason}`] : []),
    "",
    "Wat er nu gebeurt:",
    ...next,
    "",
    `Kenmerk van je herroeping: ${data.withdrawalId}`,
  ].join("\n");
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <Paragraphs lines={paragraphs} />
      <Label>Herroepen artikelen</Label>
      <ul style={{ margin: "0 0 12px", paddingLeft: 20 }}>
        {data.lines.map((l, index) => (
          <li key={index}>{lineText(l)}</li>
        ))}
      </ul>
      {data.reason ? <p style={{ margin: "0 0 12px" }}>Je reden: {data.reason}</p> : null}
      <Label>Wat er nu gebeurt</Label>
      <Paragraphs lines={next} />
      <p style={{ margin: 0, color: "#64748b", fontSize: 12 }}>Kenmerk van je herroeping: {data.withdrawalId}</p>
    </MailLayout>,
  );
  return { subject, text, html };
}

/** The shop's notice: what was withdrawn, by whom, and the refund deadline. */
export function withdrawalNotificationMail(data: WithdrawnMailData, opts: { publicUrl: string }): MailContent {
  const number = shortOrderId(data.orderId);
  const subject = `Herroeping ontvangen: bestelling #${number}${data.whole ? " (geheel)" : " (deels)"}`;
  const text = [
    `${data.customer.name || "Een klant"} (${data.customer.email}) heeft ${data.whole ? "de hele bestelling" : "een deel van de bestelling"} #${number} herroepen op ${formatOrderDate(data.receivedAt)}.`,
    "",
    "Artikelen:",
    ...data.lines.map((l) => `- ArtNo ${l.productId}: ${lineText(l)}`),
    ...(data.reason ? ["", `Reden: ${data.reason}`] : []),
    "",
    `Terugbetalen uiterlijk: ${day.format(data.refundDueAt)}`,
    `Bestelling: ${opts.publicUrl}/admin/orders/${data.orderId}`,
  ].join("\n");
  // The shop's own notice is its text part, kept as preformatted text in the HTML part.
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <pre style={{ fontFamily: "inherit", whiteSpace: "pre-wrap", margin: 0 }}>{text}</pre>
    </MailLayout>,
  );
  return { subject, text, html };
}
