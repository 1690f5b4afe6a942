import { refundedPieces, type EarlierRefund } from "./refund-allocation";

type Withdrawal = { id: string; lines: readonly { orderItemId: number; quantity: number }[] };

/**
 * The refund form opened from a withdrawal (issue 28): the withdrawn pieces not yet paid back, and
 * the shipping when the shopper withdrew from the whole order. The law then asks for the standard
 * delivery cost back too (Consumer Rights Directive art. 13(1)); for part of an order it does not.
 */
export function withdrawalPrefill(
  items: readonly { id: number; quantity: number }[],
  earlier: readonly EarlierRefund[],
  withdrawals: readonly Withdrawal[],
  withdrawalId: string,
): { withdrawalId: string; pieces: Record<number, number>; shipping: boolean } | null {
  const withdrawal = withdrawals.find((w) => w.id === withdrawalId);
  if (!withdrawal) return null;
  const refunded = refundedPieces(earlier);
  const pieces: Record<number, number> = {};
  for (const line of withdrawal.lines) {
    const item = items.find((i) => i.id === line.orderItemId);
    if (!item) continue;
    const left = item.quantity - (refunded.get(item.id) ?? 0);
    const wanted = Math.min(line.quantity, left);
    if (wanted > 0) pieces[item.id] = wanted;
  }
  const withdrawn = new Map<number, number>();
  for (const w of withdrawals)
    for (const l of w.lines) withdrawn.set(l.orderItemId, (withdrawn.get(l.orderItemId) ?? 0) + l.quantity);
  const wholeOrder = items.every((i) => (withdrawn.get(i.id) ?? 0) >= i.quantity);
  const shippingRefunded = earlier.some((r) => r.shipping);
  return { withdrawalId, pieces, shipping: wholeOrder && !shippingRefunded };
}
