import type { VatLine } from "~/features/cart-checkout/vat";
import { formatEuro } from "~/shared/money/money";

/** The money of an order as stored when it was placed (never recomputed for display). */
export type OrderMoney = {
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  vatLines: VatLine[];
  totalAmountCents: number;
};

export type OrderAddress = {
  address: string;
  houseNumber: string;
  houseNumberAddition: string | null;
  postalCode: string;
  city: string;
  country: string;
} | null;

export type TotalRow = { label: string; value: string; strong?: boolean };

/**
 * The rows under an order's lines, the same in the mails and on the shopper's pages: subtotal,
 * discount (with the code), shipping, total, then the VAT per rate it includes.
 */
export function orderTotalRows(money: OrderMoney): TotalRow[] {
  const rows: TotalRow[] = [{ label: "Subtotaal", value: formatEuro(money.subtotalCents) }];
  if (money.discountCents > 0) {
    rows.push({
      label: money.couponCode ? `Korting (${money.couponCode})` : "Korting",
      value: `− ${formatEuro(money.discountCents)}`,
    });
  }
  rows.push({ label: "Verzendkosten", value: money.shippingCents > 0 ? formatEuro(money.shippingCents) : "Gratis" });
  rows.push({ label: "Totaal", value: formatEuro(money.totalAmountCents), strong: true });
  for (const vat of money.vatLines) {
    rows.push({ label: `Waarvan btw ${vat.rate}%`, value: formatEuro(vat.amountCents) });
  }
  return rows;
}

/** The address as it goes on the parcel, one line a row. */
export function parcelAddressLines(name: string, address: OrderAddress): string[] {
  if (!address) return ["(geen verzendadres bekend)"];
  const number = [address.houseNumber, address.houseNumberAddition].filter(Boolean).join(" ");
  return [name, `${address.address} ${number}`.trim(), `${address.postalCode} ${address.city}`, address.country];
}
