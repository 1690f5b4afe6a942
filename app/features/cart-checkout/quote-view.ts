import { lineProblemText as cartLineProblemText } from "./line-problem";
import type { Totals } from "./pricing";
import type { CouponResult, QuoteLine } from "./quote";

/**
 * What the checkout page receives of the server's quote (`quoteCart`): prices from the database,
 * the coupon's verdict without its internal id. The browser only displays it.
 */
export type QuoteViewLine = QuoteLine;

export type QuoteView = {
  lines: QuoteViewLine[];
  totals: Totals;
  coupon: Omit<CouponResult, "couponId"> | null;
  sellable: boolean;
};

/** How a line that cannot be sold as it is reads in the side panel and the review (the cart's words). */
export function lineProblemText(line: Pick<QuoteViewLine, "problem" | "stockQuantity">): string | null {
  return line.problem ? cartLineProblemText(line.problem, line.stockQuantity) : null;
}
