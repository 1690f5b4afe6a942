import { formatEuro } from "~/domain/money/money";
import { escapeHtml, htmlLayout, type MailContent } from "./escape";
import {
  addressLines,
  customerName,
  formatOrderDate,
  orderNumber,
  totalRows,
  type OrderMailData,
} from "./order-mail-data";

/**
 * The shop's notice of a paid order (spec 2 §7.4 send-order-notification: order id, order date,
 * customer info, shipping info, items, total amount), so someone can start on it.
 */
export function orderNotificationMail(data: OrderMailData, opts: { publicUrl: string }): MailContent {
  const number = orderNumber(data);
  const subject = `Nieuwe bestelling ${number} – ${formatEuro(data.totalAmountCents)}`;
  const customer = [
    `Naam: ${customerName(data) || "(onbekend)"}`,
    `E-mail: ${data.customer.email}`,
    `Telefoon: ${data.customer.phone || "(niet opgegeven)"}`,
  ];
  const items = data.items.map(
    (item) =>
      `- ArtNo ${item.productId}: ${item.productName} × ${item.quantity} à ${formatEuro(item.productPriceCents)} = ${formatEuro(item.productPriceCents * item.quantity)}`,
  );
  const text = [
    `Er is een nieuwe bestelling betaald.`,
    ``,
    `Bestelling: ${number} (${data.orderId})`,
    `Besteld op: ${formatOrderDate(data.createdAt)}`,
    ...(data.paidAt ? [`Betaald op: ${formatOrderDate(data.paidAt)}`] : []),
    ``,
    `Klant:`,
    ...customer,
    ``,
    `Verzendadres:`,
    ...addressLines(data),
    ``,
    `Artikelen:`,
    ...items,
    ``,
    ...totalRows(data).map((row) => `${row.label}: ${row.value}`),
    ``,
    `Beheer: ${opts.publicUrl}/admin`,
  ].join("\n");
  const list = (lines: string[]) => lines.map(escapeHtml).join("<br>");
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Er is een nieuwe bestelling betaald.</p>
<p style="margin:0 0 12px"><strong>Bestelling ${escapeHtml(number)}</strong> (${escapeHtml(data.orderId)})<br>Besteld op: ${escapeHtml(formatOrderDate(data.createdAt))}${data.paidAt ? `<br>Betaald op: ${escapeHtml(formatOrderDate(data.paidAt))}` : ""}</p>
<p style="margin:0 0 4px;font-weight:bold">Klant</p>
<p style="margin:0 0 12px">${list(customer)}</p>
<p style="margin:0 0 4px;font-weight:bold">Verzendadres</p>
<p style="margin:0 0 12px">${list(addressLines(data))}</p>
<p style="margin:0 0 4px;font-weight:bold">Artikelen</p>
<p style="margin:0 0 12px">${list(items)}</p>
<p style="margin:0 0 12px">${list(totalRows(data).map((row) => `${row.label}: ${row.value}`))}</p>
<p style="margin:0"><a href="${escapeHtml(`${opts.publicUrl}/admin`)}" style="color:#065f46">Naar het beheer</a></p>`,
  );
  return { subject, text, html };
}
