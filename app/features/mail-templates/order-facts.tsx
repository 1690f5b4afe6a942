import { formatEuro } from "~/shared/money/money";
import { Label, Lines, linkStyle } from "./mail-layout";
import { addressLines, customerName, formatOrderDate, type OrderMailData } from "./order-mail-data";

/** Who ordered, as the shop's own order mails list it (text and HTML both). */
export function customerLines(data: OrderMailData): string[] {
  return [
    `Naam: ${customerName(data) || "(onbekend)"}`,
    `E-mail: ${data.customer.email}`,
    `Telefoon: ${data.customer.phone || "(niet opgegeven)"}`,
  ];
}

/** The order's number, id and moments at the top of the shop's own order mails. */
export function OrderHeading({ data, number, total }: { data: OrderMailData; number: string; total?: boolean }) {
  return (
    <p style={{ margin: "0 0 12px" }}>
      <strong>Bestelling {number}</strong> ({data.orderId})
      <br />
      Besteld op: {formatOrderDate(data.createdAt)}
      {data.paidAt ? (
        <>
          <br />
          Betaald op: {formatOrderDate(data.paidAt)}
        </>
      ) : null}
      {total ? (
        <>
          <br />
          Totaal: {formatEuro(data.totalAmountCents)}
        </>
      ) : null}
    </p>
  );
}

/** Customer, address and items, each under its label, for someone at the shop who acts on the order. */
export function OrderFacts({ data, items }: { data: OrderMailData; items: string[] }) {
  const block = (lines: string[]) => (
    <p style={{ margin: "0 0 12px" }}>
      <Lines lines={lines} />
    </p>
  );
  return (
    <>
      <Label>Klant</Label>
      {block(customerLines(data))}
      <Label>Verzendadres</Label>
      {block(addressLines(data))}
      <Label>Artikelen</Label>
      {block(items)}
    </>
  );
}

export function AdminLink({ publicUrl }: { publicUrl: string }) {
  return (
    <p style={{ margin: 0 }}>
      <a href={`${publicUrl}/admin`} style={linkStyle}>
        Naar het beheer
      </a>
    </p>
  );
}
