import { COMPANY } from "~/features/content";
import { formatEuro } from "~/shared/money/money";
import { shortOrderId } from "~/features/shopper-orders";
import type { MailContent } from "./mail-content";
import { MailLayout, Paragraphs } from "./mail-layout";
import { renderMailHtml } from "./render-mail";

/** The shopper's mail about a refund: how much, for which order, and how it reaches them. */
export function refundMail(data: {
  orderId: string;
  firstName: string;
  amountCents: number;
  full: boolean;
}): MailContent {
  const number = shortOrderId(data.orderId);
  const subject = `We hebben ${formatEuro(data.amountCents)} terugbetaald – bestelling #${number}`;
  const lines = [
    `Hallo ${data.firstName || "klant"},`,
    `We hebben ${formatEuro(data.amountCents)} van ${data.full ? "je bestelling" : "een deel van je bestelling"} #${number} terugbetaald, met hetzelfde betaalmiddel waarmee je betaalde. Afhankelijk van je bank staat het bedrag binnen enkele werkdagen op je rekening.`,
    `Vragen? Mail ${COMPANY.email}.`,
  ];
  return {
    subject,
    text: lines.join("\n\n"),
    html: renderMailHtml(
      <MailLayout title={subject}>
        <Paragraphs lines={lines} />
      </MailLayout>,
    ),
  };
}
