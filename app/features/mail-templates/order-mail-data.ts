import type { VatLine } from "~/features/cart-checkout/vat";
import { shortOrderId } from "~/features/shopper-orders";
import {
  orderTotalRows,
  parcelAddressLines,
  type OrderAddress,
  type TotalRow,
} from "~/features/shopper-orders/summary";

/** Everything the order mails show, as stored with the order (never recomputed for a mail). */
export type OrderMailData = {
  orderId: string;
  createdAt: Date;
  paidAt: Date | null;
  customer: { firstName: string; lastName: string; email: string; phone: string | null };
  address: OrderAddress;
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
  return parcelAddressLines(customerName(data), data.address);
}

/** The money rows under the lines: subtotal, discount (with the code), shipping, VAT per rate, total. */
export function totalRows(data: OrderMailData): TotalRow[] {
  return orderTotalRows(data);
}
