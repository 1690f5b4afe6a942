import { allocate, vatIncludedCents, type VatLine } from "~/features/cart-checkout/vat";

/**
 * What a refund pays back (issue 28, ADR 0028). An order discount is spread over the order's lines
 * the way the invoice spread it over the VAT rates: first over the rates in proportion to the goods
 * at each rate (as priceOrder did when the order was placed), then within a rate over its lines, in
 * whole cents by largest remainder. A line's refund is what was paid for it; shipping is shared over
 * the rates the same way. Pure and deterministic: the admin's form shows the same amount the server
 * pays back, and all refunds of an order add up to exactly what was paid, VAT per rate included.
 */
export type AllocationItem = { id: number; quantity: number; unitCents: number; vatRate: number };

export type AllocationOrder = {
  items: readonly AllocationItem[];
  discountCents: number;
  shippingCents: number;
};

/** What an earlier refund (not failed) took: pieces per line and whether it took the shipping. */
export type EarlierRefund = { lines: readonly { orderItemId: number; quantity: number }[]; shipping: boolean };

export type RefundWish = { lines: readonly { orderItemId: number; quantity: number }[]; shipping: boolean };

export type PlannedRefund = {
  lines: { orderItemId: number; quantity: number; amountCents: number }[];
  shippingCents: number;
  amountCents: number;
  /** VAT included in this refund per rate, highest rate first; rates with 0 left out. */
  vatLines: VatLine[];
};

export type RefundPlanError = "too-many-pieces" | "shipping-refunded" | "nothing-to-refund";

function ratesOf(items: readonly AllocationItem[]): { rates: number[]; gross: number[] } {
  const byRate = new Map<number, number>();
  for (const i of items) byRate.set(i.vatRate, (byRate.get(i.vatRate) ?? 0) + i.unitCents * i.quantity);
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  return { rates, gross: rates.map((r) => byRate.get(r)!) };
}

/** What was paid for each whole line: its goods minus its share of the discount, by line id. */
export function paidPerLine(order: AllocationOrder): Map<number, number> {
  const { rates, gross } = ratesOf(order.items);
  const discountPerRate = allocate(order.discountCents, gross);
  const paid = new Map<number, number>();
  rates.forEach((rate, r) => {
    const lines = order.items.filter((i) => i.vatRate === rate).sort((a, b) => a.id - b.id);
    const shares = allocate(
      discountPerRate[r]!,
      lines.map((l) => l.unitCents * l.quantity),
    );
    lines.forEach((l, i) => paid.set(l.id, l.unitCents * l.quantity - shares[i]!));
  });
  return paid;
}

/** The shipping fee per VAT rate, as the invoice split it. */
export function shippingPerRate(order: AllocationOrder): Map<number, number> {
  const { rates, gross } = ratesOf(order.items);
  const shares = allocate(order.shippingCents, gross);
  return new Map(rates.map((rate, r) => [rate, shares[r]!]));
}

/**
 * The first `pieces` of a line paid back, in cents: the line's paid amount in proportion, rounded,
 * so refunding the pieces one by one or all at once comes to the same total, and all pieces to the
 * whole line.
 */
function cumulativeLineCents(paidCents: number, quantity: number, pieces: number): number {
  return Math.round((paidCents * pieces) / quantity);
}

/** Gross credited per rate once `pieces` (per line) and optionally the shipping are paid back. */
function creditedPerRate(
  order: AllocationOrder,
  paid: Map<number, number>,
  pieces: Map<number, number>,
  shipping: boolean,
): Map<number, number> {
  const perRate = new Map<number, number>();
  for (const item of order.items) {
    const cents = cumulativeLineCents(paid.get(item.id)!, item.quantity, pieces.get(item.id) ?? 0);
    perRate.set(item.vatRate, (perRate.get(item.vatRate) ?? 0) + cents);
  }
  if (shipping) {
    for (const [rate, cents] of shippingPerRate(order)) perRate.set(rate, (perRate.get(rate) ?? 0) + cents);
  }
  return perRate;
}

/** Pieces per order line taken by these refunds. */
export function refundedPieces(refunds: readonly EarlierRefund[]): Map<number, number> {
  const pieces = new Map<number, number>();
  for (const r of refunds)
    for (const l of r.lines) pieces.set(l.orderItemId, (pieces.get(l.orderItemId) ?? 0) + l.quantity);
  return pieces;
}

/**
 * The refund of `wish` after `earlier` refunds. Amounts and VAT are differences of running totals
 * (everything credited after this refund minus everything before it), so however an order is paid
 * back in parts, the parts add up to the invoice to the cent.
 */
export function planRefund(
  order: AllocationOrder,
  earlier: readonly EarlierRefund[],
  wish: RefundWish,
): { ok: true; plan: PlannedRefund } | { ok: false; error: RefundPlanError } {
  const paid = paidPerLine(order);
  const before = refundedPieces(earlier);
  const shippingBefore = earlier.some((r) => r.shipping);
  const after = new Map(before);
  const lines: PlannedRefund["lines"] = [];
  for (const wanted of wish.lines) {
    if (wanted.quantity === 0) continue;
    const item = order.items.find((i) => i.id === wanted.orderItemId);
    const already = after.get(wanted.orderItemId) ?? 0;
    if (!item || !Number.isInteger(wanted.quantity) || wanted.quantity < 0 || already + wanted.quantity > item.quantity)
      return { ok: false, error: "too-many-pieces" };
    after.set(item.id, already + wanted.quantity);
  }
  for (const item of order.items) {
    const from = before.get(item.id) ?? 0;
    const to = after.get(item.id) ?? 0;
    if (to === from) continue;
    const paidCents = paid.get(item.id)!;
    lines.push({
      orderItemId: item.id,
      quantity: to - from,
      amountCents:
        cumulativeLineCents(paidCents, item.quantity, to) - cumulativeLineCents(paidCents, item.quantity, from),
    });
  }
  if (wish.shipping && shippingBefore) return { ok: false, error: "shipping-refunded" };
  const shippingCents = wish.shipping ? order.shippingCents : 0;
  const amountCents = lines.reduce((sum, l) => sum + l.amountCents, 0) + shippingCents;
  if (amountCents <= 0) return { ok: false, error: "nothing-to-refund" };

  const grossBefore = creditedPerRate(order, paid, before, shippingBefore);
  const grossAfter = creditedPerRate(order, paid, after, shippingBefore || wish.shipping);
  const vatLines = [...grossAfter.keys()]
    .sort((a, b) => b - a)
    .map((rate) => ({
      rate,
      amountCents:
        vatIncludedCents(grossAfter.get(rate) ?? 0, rate) - vatIncludedCents(grossBefore.get(rate) ?? 0, rate),
    }))
    .filter((v) => v.amountCents !== 0);
  return { ok: true, plan: { lines, shippingCents, amountCents, vatLines } };
}
