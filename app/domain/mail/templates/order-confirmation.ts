import { COMPANY, COMPANY_ADDRESS } from "~/domain/content/company";
import { formatEuro } from "~/domain/money/money";
import { escapeHtml, htmlLayout, type MailContent } from "./escape";
import { addressLines, formatOrderDate, orderNumber, totalRows, type OrderMailData } from "./order-mail-data";
import { MODEL_FORM_LINES, MODEL_FORM_TITLE, WITHDRAWAL_PARAGRAPHS, WITHDRAWAL_TITLE } from "./order-withdrawal";

export type OrderConfirmationOptions = {
  customerServiceEmail: string;
  /** The shop's public address, for the link to the shopper's orders. */
  publicUrl: string;
  /** The signed link that opens this order's page, account or not (/bestelling?code=…). */
  orderUrl: string;
};

/**
 * The order confirmation the shopper receives once the payment is in: what was bought at which
 * price, the totals with VAT per rate, the address, and the withdrawal right with the model form
 * (the law wants that information on a durable medium, not only on the website).
 */
export function orderConfirmationMail(data: OrderMailData, opts: OrderConfirmationOptions): MailContent {
  const number = orderNumber(data);
  const subject = `Bevestiging van je bestelling ${number} bij Trapkracht`;
  const ordersUrl = `${opts.publicUrl}/orders`;
  const lineText = data.items.map(
    (item) =>
      `- ${item.productName} × ${item.quantity}: ${formatEuro(item.productPriceCents * item.quantity)}` +
      ` (${formatEuro(item.productPriceCents)} per stuk${
        item.originalPriceCents != null && item.originalPriceCents > item.productPriceCents
          ? `, aanbieding, was ${formatEuro(item.originalPriceCents)}`
          : ""
      })`,
  );
  const text = [
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
    `Met een account: al je bestellingen op ${ordersUrl}`,
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
    `${COMPANY.legalName} · ${COMPANY_ADDRESS} · KvK ${COMPANY.kvk} · btw ${COMPANY.vat}`,
  ].join("\n");

  const cell = "padding:6px 0;border-bottom:1px solid #e2e8f0;vertical-align:top";
  const itemRows = data.items
    .map((item) => {
      const was =
        item.originalPriceCents != null && item.originalPriceCents > item.productPriceCents
          ? ` <span style="color:#64748b;text-decoration:line-through">${escapeHtml(formatEuro(item.originalPriceCents))}</span>`
          : "";
      return `<tr><td style="${cell}">${escapeHtml(item.productName)} × ${item.quantity}<br><span style="font-size:13px;color:#475569">${escapeHtml(formatEuro(item.productPriceCents))} per stuk${was}</span></td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(formatEuro(item.productPriceCents * item.quantity))}</td></tr>`;
    })
    .join("\n");
  const sumRows = totalRows(data)
    .map(
      (row) =>
        `<tr><td style="padding:3px 0${row.strong ? ";font-weight:bold" : ""}">${escapeHtml(row.label)}</td><td style="padding:3px 0;text-align:right;white-space:nowrap${row.strong ? ";font-weight:bold" : ""}">${escapeHtml(row.value)}</td></tr>`,
    )
    .join("\n");
  const email = escapeHtml(opts.customerServiceEmail);
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hoi ${escapeHtml(data.customer.firstName || "daar")},</p>
<p style="margin:0 0 12px">Bedankt voor je bestelling bij Trapkracht! We hebben je betaling ontvangen en gaan je bestelling klaarmaken.</p>
<p style="margin:0 0 16px"><strong>Bestelnummer: ${escapeHtml(number)}</strong><br>Besteld op: ${escapeHtml(formatOrderDate(data.createdAt))}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 12px">
${itemRows}
</table>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 4px">
${sumRows}
</table>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Alle prijzen zijn inclusief btw.</p>
<p style="margin:0 0 4px;font-weight:bold">Verzendadres</p>
<p style="margin:0 0 16px">${addressLines(data).map(escapeHtml).join("<br>")}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(opts.orderUrl)}" style="color:#065f46">Bekijk je bestelling</a> (ook zonder account; daar kun je ook herroepen) · <a href="${escapeHtml(ordersUrl)}" style="color:#065f46">al je bestellingen</a> (met een account)</p>
<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(WITHDRAWAL_TITLE)}</h2>
${WITHDRAWAL_PARAGRAPHS.map((p) => `<p style="margin:0 0 10px;font-size:14px">${escapeHtml(p)}</p>`).join("\n")}
<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(MODEL_FORM_TITLE)}</h2>
<div style="border:1px solid #e2e8f0;border-radius:6px;padding:12px;font-size:13px">
${MODEL_FORM_LINES.map((l) => `<p style="margin:0 0 6px">${escapeHtml(l)}</p>`).join("\n")}
</div>
<p style="margin:20px 0 12px">Vragen over je bestelling? Mail onze klantenservice op <a href="mailto:${email}" style="color:#065f46">${email}</a> en noem je bestelnummer ${escapeHtml(number)}.</p>
<p style="margin:0 0 16px">Sportieve groet,<br>Trapkracht</p>
<p style="margin:0;font-size:12px;color:#64748b">${escapeHtml(`${COMPANY.legalName} · ${COMPANY_ADDRESS} · KvK ${COMPANY.kvk} · btw ${COMPANY.vat}`)}</p>`,
  );
  return { subject, text, html };
}
