import { formatEuro } from "~/shared/money/money";
import type { MailContent } from "./mail-content";
import { Lines, MailLayout } from "./mail-layout";
import { AdminLink, customerLines, OrderFacts, OrderHeading } from "./order-facts";
import { addressLines, formatOrderDate, orderNumber, totalRows, type OrderMailData } from "./order-mail-data";
import { renderMailHtml } from "./render-mail";

/**
 * The shop's notice of a paid order (spec 2 §7.4 send-order-notification: order id, order date,
 * customer info, shipping info, items, total amount), so someone can start on it.
 */
export function orderNotificationMail(data: OrderMailData, opts: { publicUrl: string }): MailContent {
  const number = orderNumber(data);
  const subject = `Nieuwe bestelling ${number} – ${formatEuro(data.totalAmountCents)}`;
  const items = data.items.map(
    (item) =>
      `- ArtNo ${item.productId}: ${item.productName} × ${item.quantity} à ${formatEuro(item.productPriceCents)} = ${formatEuro(item.productPriceCents * item.quantity)}`,
  );
  const totals = totalRows(data).map((row) => `${row.label}: ${row.value}`);
  const text = [
    `Er is een nieuwe bestelling betaald.`,
    ``,
    `Bestelling: ${number} (${data.orderId})`,
    `Besteld op: ${formatOrderDate(data.createdAt)}`,
    ...(data.paidAt ? [`Betaald op: ${formatOrderDate(data.paidAt)}`] : []),
    ``,
    `Klant:`,
    ...customerLines(data),
    ``,
    `Verzendadres:`,
    ...addressLines(data),
    ``,
    `Artikelen:`,
    ...items,
    ``,
    ...totals,
    ``,
    `Beheer: ${opts.publicUrl}/admin`,
  ].join("\n");
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <p style={{ margin: "0 0 12px" }}>Er is een nieuwe bestelling betaald.</p>
      <OrderHeading data={data} number={number} />
      <OrderFacts data={data} items={items} />
      <p style={{ margin: "0 0 12px" }}>
        <Lines lines={totals} />
      </p>
      <AdminLink publicUrl={opts.publicUrl} />
    </MailLayout>,
  );
  return { subject, text, html };
}
