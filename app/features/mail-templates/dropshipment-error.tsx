import { formatEuro } from "~/shared/money/money";
import type { MailContent } from "./mail-content";
import { MailLayout, Multiline } from "./mail-layout";
import { AdminLink, customerLines, OrderFacts, OrderHeading } from "./order-facts";
import { addressLines, formatOrderDate, orderNumber, type OrderMailData } from "./order-mail-data";
import { renderMailHtml } from "./render-mail";

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
    ...customerLines(data),
    ``,
    `Verzendadres:`,
    ...addressLines(data),
    ``,
    `Artikelen:`,
    ...items,
    ``,
    `Beheer: ${opts.publicUrl}/admin`,
  ].join("\n");
  const html = renderMailHtml(
    <MailLayout title={subject}>
      <p style={{ margin: "0 0 12px" }}>{intro}</p>
      <p
        style={{
          margin: "0 0 12px",
          padding: "8px 12px",
          background: "#fef2f2",
          border: "1px solid #fecaca",
          borderRadius: 6,
          color: "#991b1b",
        }}
      >
        <strong>Fout:</strong> <Multiline text={opts.error} />
      </p>
      <OrderHeading data={data} number={number} total />
      <OrderFacts data={data} items={items} />
      <AdminLink publicUrl={opts.publicUrl} />
    </MailLayout>,
  );
  return { subject, text, html };
}
