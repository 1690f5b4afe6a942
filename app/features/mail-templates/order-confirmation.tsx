import { COMPANY, COMPANY_ADDRESS } from "~/features/content";
import { formatEuro } from "~/shared/money/money";
import type { MailContent } from "./mail-content";
import { Label, Lines, linkStyle, MailLayout } from "./mail-layout";
import { addressLines, formatOrderDate, orderNumber, totalRows, type OrderMailData } from "./order-mail-data";
import { MODEL_FORM_LINES, MODEL_FORM_TITLE, WITHDRAWAL_PARAGRAPHS, WITHDRAWAL_TITLE } from "./order-withdrawal";
import { renderMailHtml } from "./render-mail";

export type OrderConfirmationOptions = {
  customerServiceEmail: string;
  /** The shop's public address, for the link to the shopper's orders. */
  publicUrl: string;
  /** The signed link that opens this order's page, account or not (/bestelling?code=…). */
  orderUrl: string;
};

type Item = OrderMailData["items"][number];

/** The price before the offer, shown only when the item was actually cheaper. */
const wasPrice = (item: Item) =>
  item.originalPriceCents != null && item.originalPriceCents > item.productPriceCents ? item.originalPriceCents : null;

const FOOTER = `${COMPANY.legalName} · ${COMPANY_ADDRESS} · KvK ${COMPANY.kvk} · btw ${COMPANY.vat}`;

function orderConfirmationText(data: OrderMailData, opts: OrderConfirmationOptions, number: string): string {
  const lineText = data.items.map((item) => {
    const was = wasPrice(item);
    return (
      `- ${item.productName} × ${item.quantity}: ${formatEuro(item.productPriceCents * item.quantity)}` +
      ` (${formatEuro(item.productPriceCents)} per stuk${was !== null ? `, aanbieding, was ${formatEuro(was)}` : ""})`
    );
  });
  return [
    `Hoi ${data.customer.firstName || "daar"},`,
    ``,
    `Bedankt voor je bestelling bij Trapkracht! We hebben je betaling ontvangen en gaan je bestelling klaarmaken.`,
    ``,
    `Bestelnummer: ${number}`,
    `Besteld op: ${formatOrderDate(data.createdAt)}`,
    ``,
    `Je bestelling:`,
    ...lineText,
    ``,
    ...totalRows(data).map((row) => `${row.label}: ${row.value}`),
    `Alle prijzen zijn inclusief btw.`,
    ``,
    `Verzendadres:`,
    ...addressLines(data),
    ``,
    `Op werkdagen voor 18:00 uur besteld en betaald betekent dat we je pakket dezelfde dag verzenden.`,
    `Je bestelling bekijken of herroepen (ook zonder account): ${opts.orderUrl}`,
    `Met een account: al je bestellingen op ${opts.publicUrl}/orders`,
    ``,
    WITHDRAWAL_TITLE,
    ...WITHDRAWAL_PARAGRAPHS.flatMap((p) => [p, ""]),
    MODEL_FORM_TITLE,
    ...MODEL_FORM_LINES,
    ``,
    `Vragen over je bestelling? Mail onze klantenservice op ${opts.customerServiceEmail} en noem je bestelnummer ${number}.`,
    ``,
    `Sportieve groet,`,
    `Trapkracht`,
    FOOTER,
  ].join("\n");
}

const cell = { padding: "6px 0", borderBottom: "1px solid #e2e8f0", verticalAlign: "top" } as const;
const table = { width: "100%", borderCollapse: "collapse" } as const;
const amount = { textAlign: "right", whiteSpace: "nowrap" } as const;

function OrderConfirmationHtml({
  data,
  opts,
  number,
  subject,
}: {
  data: OrderMailData;
  opts: OrderConfirmationOptions;
  number: string;
  subject: string;
}) {
  return (
    <MailLayout title={subject}>
      <p style={{ margin: "0 0 12px" }}>Hoi {data.customer.firstName || "daar"},</p>
      <p style={{ margin: "0 0 12px" }}>
        Bedankt voor je bestelling bij Trapkracht! We hebben je betaling ontvangen en gaan je bestelling klaarmaken.
      </p>
      <p style={{ margin: "0 0 16px" }}>
        <strong>Bestelnummer: {number}</strong>
        <br />
        Besteld op: {formatOrderDate(data.createdAt)}
      </p>
      <table role="presentation" style={{ ...table, margin: "0 0 12px" }}>
        <tbody>
          {data.items.map((item, index) => {
            const was = wasPrice(item);
            return (
              <tr key={index}>
                <td style={cell}>
                  {item.productName} × {item.quantity}
                  <br />
                  <span style={{ fontSize: 13, color: "#475569" }}>
                    {formatEuro(item.productPriceCents)} per stuk
                    {was !== null ? (
                      <>
                        {" "}
                        <span style={{ color: "#64748b", textDecoration: "line-through" }}>{formatEuro(was)}</span>
                      </>
                    ) : null}
                  </span>
                </td>
                <td style={{ ...cell, ...amount }}>{formatEuro(item.productPriceCents * item.quantity)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table role="presentation" style={{ ...table, margin: "0 0 4px" }}>
        <tbody>
          {totalRows(data).map((row, index) => {
            const weight = row.strong ? { fontWeight: "bold" } : {};
            return (
              <tr key={index}>
                <td style={{ padding: "3px 0", ...weight }}>{row.label}</td>
                <td style={{ padding: "3px 0", ...amount, ...weight }}>{row.value}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p style={{ margin: "0 0 16px", fontSize: 13, color: "#475569" }}>Alle prijzen zijn inclusief btw.</p>
      <Label>Verzendadres</Label>
      <p style={{ margin: "0 0 16px" }}>
        <Lines lines={addressLines(data)} />
      </p>
      <p style={{ margin: "0 0 16px" }}>
        <a href={opts.orderUrl} style={linkStyle}>
          Bekijk je bestelling
        </a>{" "}
        (ook zonder account; daar kun je ook herroepen) ·{" "}
        <a href={`${opts.publicUrl}/orders`} style={linkStyle}>
          al je bestellingen
        </a>{" "}
        (met een account)
      </p>
      <h2 style={{ fontSize: 16, margin: "24px 0 8px" }}>{WITHDRAWAL_TITLE}</h2>
      {WITHDRAWAL_PARAGRAPHS.map((paragraph, index) => (
        <p key={index} style={{ margin: "0 0 10px", fontSize: 14 }}>
          {paragraph}
        </p>
      ))}
      <h2 style={{ fontSize: 16, margin: "20px 0 8px" }}>{MODEL_FORM_TITLE}</h2>
      <div style={{ border: "1px solid #e2e8f0", borderRadius: 6, padding: 12, fontSize: 13 }}>
        {MODEL_FORM_LINES.map((line, index) => (
          <p key={index} style={{ margin: "0 0 6px" }}>
            {line}
          </p>
        ))}
      </div>
      <p style={{ margin: "20px 0 12px" }}>
        Vragen over je bestelling? Mail onze klantenservice op{" "}
        <a href={`mailto:${opts.customerServiceEmail}`} style={linkStyle}>
          {opts.customerServiceEmail}
        </a>{" "}
        en noem je bestelnummer {number}.
      </p>
      <p style={{ margin: "0 0 16px" }}>
        Sportieve groet,
        <br />
        Trapkracht
      </p>
      <p style={{ margin: 0, fontSize: 12, color: "#64748b" }}>{FOOTER}</p>
    </MailLayout>
  );
}

/**
 * The order confirmation the shopper receives once the payment is in: what was bought at which
 * price, the totals with VAT per rate, the address, and the withdrawal right with the model form
 * (the law wants that information on a durable medium, not only on the website).
 */
export function orderConfirmationMail(data: OrderMailData, opts: OrderConfirmationOptions): MailContent {
  const number = orderNumber(data);
  const subject = `Bevestiging van je bestelling ${number} bij Trapkracht`;
  return {
    subject,
    text: orderConfirmationText(data, opts, number),
    html: renderMailHtml(<OrderConfirmationHtml data={data} opts={opts} number={number} subject={subject} />),
  };
}
