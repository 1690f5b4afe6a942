import type { VatLine } from "~/domain/checkout/pricing";
import { formatEuro } from "~/domain/money/money";
import { shortOrderId } from "~/domain/orders/short-id";

/** Everything the order mails show, as stored with the order (never recomputed for a mail). */
export type OrderMailData = {
  orderId: string;
  createdAt: Date;
  paidAt: Date | null;
  customer: { firstName: string; lastName: string; email: string; phone: string | null };
  address: {
    address: string;
    houseNumber: string;
    houseNumberAddition: string | null;
    postalCode: string;
    city: string;
    country: string;
  } | null;
  items: {
    productId: string;
    productName: string;
    productPriceCents: number;
    originalPriceCents: number | null;
    vatRate: number;
    quantity: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  vatLines: VatLine[];
  totalAmountCents: number;
};

const dateTime = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Amsterdam",
});

/** "12 maart 2026 om 14:05", Dutch time. */
export function formatOrderDate(date: Date): string {
  return dateTime.format(date).replace(",", " om");
}

export const orderNumber = (data: Pick<OrderMailData, "orderId">) => shortOrderId(data.orderId);

export function customerName(data: OrderMailData): string {
  return `${data.customer.firstName} ${data.customer.lastName}`.trim();
}

/** The address as it goes on the parcel, one line a row. */
export function addressLines(data: OrderMailData): string[] {
  const a = data.address;
  if (!a) return ["(geen verzendadres bekend)"];
  const number = [a.houseNumber, a.houseNumberAddition].filter(Boolean).join(" ");
  return [customerName(data), `${a.address} ${number}`.trim(), `${a.postalCode} ${a.city}`, a.country];
}

/** The money rows under the lines: subtotal, discount (with the code), shipping, VAT per rate, total. */
export function totalRows(data: OrderMailData): { label: string; value: string; strong?: boolean }[] {
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: "Subtotaal", value: formatEuro(data.subtotalCents) },
  ];
  if (data.discountCents > 0) {
    rows.push({
      label: data.couponCode ? `Korting (${data.couponCode})` : "Korting",
      value: `− ${formatEuro(data.discountCents)}`,
    });
  }
  rows.push({ label: "Verzendkosten", value: data.shippingCents > 0 ? formatEuro(data.shippingCents) : "Gratis" });
  rows.push({ label: "Totaal", value: formatEuro(data.totalAmountCents), strong: true });
  for (const vat of data.vatLines) {
    rows.push({ label: `Waarvan btw ${vat.rate}%`, value: formatEuro(vat.amountCents) });
  }
  return rows;
}
