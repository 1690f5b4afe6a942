import type { Totals } from "./pricing";

/**
 * What the checkout page receives of the server's quote (`quoteCart`): prices from the database,
 * the coupon's verdict without its internal id. The browser only displays it.
 */
export type QuoteViewLine = {
  artNo: number;
  name: string;
  brand: string;
  image: string | null;
  unitPriceCents: number;
  originalPriceCents: number | null;
  vatRate: number;
  quantity: number;
  lineTotalCents: number;
  stockQuantity: number | null;
  problem: "not-found" | "out-of-stock" | "insufficient-stock" | null;
};

export type QuoteView = {
  lines: QuoteViewLine[];
  totals: Totals;
  coupon: { code: string; valid: boolean; discountCents: number; message: string } | null;
  sellable: boolean;
};

/** How a line that cannot be sold as it is reads in the side panel and the review. */
export function lineProblemText(line: Pick<QuoteViewLine, "problem" | "stockQuantity">): string | null {
  switch (line.problem) {
    case "not-found":
      return "Niet meer leverbaar";
    case "out-of-stock":
      return "Niet op voorraad";
    case "insufficient-stock":
      return `Nog ${line.stockQuantity ?? 0} op voorraad`;
    default:
      return null;
  }
}
