import { COMPANY } from "~/features/content";
import { shortOrderId } from "~/features/shopper-orders";
import type { MailContent } from "./mail-content";
import { linkStyle, MailLayout, Paragraphs } from "./mail-layout";
import { renderMailHtml } from "./render-mail";

/** The order states a shopper hears about (spec 1 §4), each with its short Dutch message. */
const MESSAGES = {
  processing: {
    subject: "We zijn met je bestelling bezig",
    lines: ["We hebben je bestelling in behandeling genomen en maken hem klaar voor verzending."],
  },
  shipped: {
    subject: "Je bestelling is verzonden",
    lines: ["Je bestelling is onderweg naar je toe."],
  },
  completed: {
    subject: "Je bestelling is afgerond",
    lines: [
      "Je bestelling is verzonden en afgerond. We hopen dat je er veel plezier van hebt.",
      'Vanaf vandaag heb je 14 dagen bedenktijd: wil je iets terugsturen, gebruik dan de knop "Bestelling herroepen" bij je bestelling.',
    ],
  },
  cancelled: {
    subject: "Je bestelling is geannuleerd",
    lines: [
      "Je bestelling is geannuleerd. Had je al betaald, dan betalen we het bedrag binnen 14 dagen terug met hetzelfde betaalmiddel.",
    ],
  },
} as const;

/**
 * "shipped" reached because the supplier accepted the dropshipment (ADR 0029): the supplier, not the
 * shop, packs and sends the parcel, and nobody here sees it leave, so the mail says exactly that —
 * it is being sent straight to the shopper — and promises no moment of delivery.
 */
const SUPPLIER_ACCEPTED = {
  subject: "Je bestelling wordt naar je verstuurd",
  lines: [
    "Onze leverancier heeft je bestelling ontvangen en verstuurt hem rechtstreeks naar je, met een pakketdienst.",
  ],
} as const;

export type MailedStatus = keyof typeof MESSAGES;

export const MAILED_STATUSES = Object.keys(MESSAGES) as MailedStatus[];

export function isMailedStatus(status: string): status is MailedStatus {
  return Object.hasOwn(MESSAGES, status);
}

/** The shopper's short mail when an order moves on (issue 11), with the way to the order page. */
export function orderStatusMail(
  status: MailedStatus,
  data: {
    orderId: string;
    firstName: string;
    orderUrl: string;
    trackingUrl?: string | null;
    /** The order became "shipped" because the supplier accepted it. */
    supplierAccepted?: boolean;
  },
): MailContent {
  const message = status === "shipped" && data.supplierAccepted ? SUPPLIER_ACCEPTED : MESSAGES[status];
  const tracking = status === "shipped" && data.trackingUrl ? data.trackingUrl : null;
  const number = shortOrderId(data.orderId);
  const subject = `${message.subject} – bestelling #${number}`;
  const greeting = `Hallo ${data.firstName || "klant"},`;
  const text = [
    greeting,
    "",
    ...message.lines,
    ...(tracking ? ["", `Volg je pakket: ${tracking}`] : []),
    "",
    `Je bestelling bekijken (ook zonder account): ${data.orderUrl}`,
    `Vragen? Mail ${COMPANY.email}.`,
  ].join("\n");
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <Paragraphs lines={[greeting, ...message.lines]} />
      {tracking ? (
        <p style={{ margin: "0 0 12px" }}>
          <a href={tracking} style={linkStyle}>
            Volg je pakket
          </a>
        </p>
      ) : null}
      <p style={{ margin: "0 0 12px" }}>
        <a href={data.orderUrl} style={linkStyle}>
          Bekijk je bestelling #{number}
        </a>
      </p>
      <p style={{ margin: 0, color: "#64748b" }}>Vragen? Mail {COMPANY.email}.</p>
    </MailLayout>,
  );
  return { subject, text, html };
}
