export type StockTone = "unknown" | "out" | "low" | "limited" | "in";

/** Stock labels of spec 1 §4; null or undefined quantity means unknown. */
export function stockStatus(quantity: number | null | undefined): { label: string; tone: StockTone } {
  if (quantity == null) return { label: "Status onbekend", tone: "unknown" };
  if (quantity <= 0) return { label: "Niet op voorraad", tone: "out" };
  if (quantity < 5) return { label: "Bijna uitverkocht", tone: "low" };
  if (quantity < 10) return { label: "Beperkte voorraad", tone: "limited" };
  return { label: "Op voorraad", tone: "in" };
}

/** Adding to the cart is refused when stock is unknown or ≤ 0. */
export function isSellable(quantity: number | null | undefined): boolean {
  return quantity != null && quantity > 0;
}
