import { formatEuro } from "~/domain/money/money";
import { escapeHtml, htmlLayout, multilineHtml, type MailContent } from "./escape";
import { addressLines, customerName, formatOrderDate, orderNumber, type OrderMailData } from "./order-mail-data";

/**
 * The shop's notice that a paid order did not reach the supplier (spec 2 §7.4 send-order-notification
 * with type dropshipment_error, §7.5): order, customer, address, items and the error, so someone can
 * send it by hand or retry it from the admin. The order itself stands (still paid).
 */
export function dropshipmentErrorMail(
  data: OrderMailData,
  opts: { error: string; attempts: number; publicUrl: string },
): MailContent {
  const number = orderNumber(data);
  const subject = `Dropshipment mislukt voor bestelling ${number}`;
  const customer = [
    `Naam: ${customerName(data) || "(onbekend)"}`,
    `E-mail: ${data.customer.email}`,
    `Telefoon: ${data.customer.phone || "(niet opgegeven)"}`,
  ];
  const items = data.items.map(
    (item) =>
      `- ArtNo ${item.productId}: ${item.productName} × ${item.quantity} à ${formatEuro(item.productPriceCents)}`,
  );
  const intro = `De bestelling ${number} is betaald, maar kon niet bij de leverancier worden geplaatst (${opts.attempts} ${opts.attempts === 1 ? "poging" : "pogingen"}). De bestelling blijft staan; plaats hem opnieuw via het beheer ("Alle Bestellingen" → Details → opnieuw proberen) of handmatig bij de leverancier.`;
  const text = [
    intro,
    ``,
    `Fout: ${opts.error}`,
    ``,
    `Bestelling: ${number} (${data.orderId})`,
    `Besteld op: ${formatOrderDate(data.createdAt)}`,
    ...(data.paidAt ? [`Betaald op: ${formatOrderDate(data.paidAt)}`] : []),
    `Totaal: ${formatEuro(data.totalAmountCents)}`,
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
    `Beheer: ${opts.publicUrl}/admin`,
  ].join("\n");
  const list = (lines: string[]) => lines.map(escapeHtml).join("<br>");
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>
<p style="margin:0 0 12px;padding:8px 12px;background:#fef2f2;border:1px solid #fecaca;border-radius:6px;color:#991b1b"><strong>Fout:</strong> ${multilineHtml(opts.error)}</p>
<p style="margin:0 0 12px"><strong>Bestelling ${escapeHtml(number)}</strong> (${escapeHtml(data.orderId)})<br>Besteld op: ${escapeHtml(formatOrderDate(data.createdAt))}${data.paidAt ? `<br>Betaald op: ${escapeHtml(formatOrderDate(data.paidAt))}` : ""}<br>Totaal: ${escapeHtml(formatEuro(data.totalAmountCents))}</p>
<p style="margin:0 0 4px;font-weight:bold">Klant</p>
<p style="margin:0 0 12px">${list(customer)}</p>
<p style="margin:0 0 4px;font-weight:bold">Verzendadres</p>
<p style="margin:0 0 12px">${list(addressLines(data))}</p>
<p style="margin:0 0 4px;font-weight:bold">Artikelen</p>
<p style="margin:0 0 12px">${list(items)}</p>
<p style="margin:0"><a href="${escapeHtml(`${opts.publicUrl}/admin`)}" style="color:#065f46">Naar het beheer</a></p>`,
  );
  return { subject, text, html };
}
