import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { legacyCreditSplit } from "~/features/shopper-orders/index.server";
import { shippingPerRate, type AllocationItem } from "~/features/orders/refund";
import type { ReportPeriod } from "./period";
import { buildVatReturn, invoiceGrossPerRate, sumPerRate, type RateAmounts, type VatReturn } from "./vat-return";

/**
 * The reports of the admin's Reports tab (issue 29, item 4, ADR 0035). Every report reads the
 * documents dated in the period: an invoice by its invoice date (issued in the transaction that
 * confirms the payment), a credit note by its own date (issued when the refund succeeded).
 */

/** `column` (a timestamptz) within the period's Amsterdam days, both inclusive. */
function within(column: SQL, period: ReportPeriod): SQL {
  return sql`${column} >= (${period.from}::date)::timestamp at time zone 'Europe/Amsterdam'
    AND ${column} < (${period.to}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`;
}

const invoicesIn = (period: ReportPeriod) =>
  sql`SELECT i.order_id FROM invoices i WHERE i.kind = 'invoice' AND ${within(sql`i.issued_at`, period)}`;

// ---------------------------------------------------------------------------------------------
// Credit notes

export type CreditNote = {
  number: number;
  issuedAt: Date;
  orderId: string;
  amountCents: number;
  /** Per rate: what was credited incl. VAT and the VAT the credit note prints, high rate first. */
  perRate: RateAmounts[];
  vatCents: number;
  createdByEmail: string;
  /** The reason the shopper gave in a withdrawal of this order before the refund, if any. */
  reason: string | null;
};

type CreditRow = {
  number: number;
  issued_at: Date | string;
  order_id: string;
  amount_cents: number;
  shipping_cents: number;
  lines: { orderItemId: number; quantity: number; amountCents: number }[];
  vat_lines: { rate: number; amountCents: number }[] | null;
  created_by_email: string;
  order_discount: number;
  order_shipping: number;
  order_vat: { rate: number; amountCents: number }[];
  items: [number, number, number, number][];
  reason: string | null;
};

/** Every credit note dated in the period, oldest first, with its amounts per rate. */
export async function creditNotesIn(db: DbExecutor, period: ReportPeriod): Promise<CreditNote[]> {
  const rows = rowsOf<CreditRow>(
    await db.execute(sql`
      SELECT i.number, i.issued_at, r.order_id, r.amount_cents, r.shipping_cents, r.lines, r.vat_lines,
        r.created_by_email, o.discount_cents AS order_discount, o.shipping_cents AS order_shipping,
        o.vat_lines AS order_vat,
        (SELECT jsonb_agg(jsonb_build_array(oi.id, oi.vat_rate, oi.product_price_cents, oi.quantity))
           FROM order_items oi WHERE oi.order_id = r.order_id) AS items,
        (SELECT w.reason FROM order_withdrawals w
          WHERE w.order_id = r.order_id AND coalesce(w.reason, '') <> '' AND w.created_at <= r.created_at
          ORDER BY w.created_at DESC LIMIT 1) AS reason
      FROM invoices i
      JOIN order_refunds r ON r.id = i.refund_id
      JOIN orders o ON o.id = r.order_id
      WHERE i.kind = 'credit' AND ${within(sql`i.issued_at`, period)}
      ORDER BY i.issued_at, i.number`),
  );
  return rows.map((row) => {
    const items: AllocationItem[] = (row.items ?? []).map(([id, vatRate, unitCents, quantity]) => ({
      id,
      vatRate,
      unitCents,
      quantity,
    }));
    const perRate = row.vat_lines ? creditPerRate(row, items) : legacyPerRate(row, items);
    return {
      number: Number(row.number),
      issuedAt: new Date(row.issued_at),
      orderId: row.order_id,
      amountCents: row.amount_cents,
      perRate,
      vatCents: perRate.reduce((sum, r) => sum + r.vatCents, 0),
      createdByEmail: row.created_by_email,
      reason: row.reason,
    };
  });
}

/**
 * A refund since migration 0050 (ADR 0028): the credited lines at their rate, the shipping shared
 * over the rates as the invoice shared it, and the VAT fixed on the refund row.
 */
function creditPerRate(row: CreditRow, items: AllocationItem[]): RateAmounts[] {
  const gross = new Map<number, number>();
  const add = (rate: number, cents: number) => gross.set(rate, (gross.get(rate) ?? 0) + cents);
  for (const line of row.lines) {
    const item = items.find((i) => i.id === line.orderItemId);
    if (item) add(item.vatRate, line.amountCents);
  }
  if (row.shipping_cents > 0) {
    const order = { items, discountCents: row.order_discount, shippingCents: row.order_shipping };
    for (const [rate, cents] of shippingPerRate(order)) add(rate, cents);
  }
  for (const v of row.vat_lines ?? []) if (!gross.has(v.rate)) gross.set(v.rate, 0);
  return [...gross.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, grossCents]) => ({
      rate,
      grossCents,
      vatCents: row.vat_lines!.find((v) => v.rate === rate)?.amountCents ?? 0,
    }));
}

/** A refund made before migration 0050: the split its credit note prints (invoices.server.ts). */
function legacyPerRate(row: CreditRow, items: AllocationItem[]): RateAmounts[] {
  const lines = row.lines.flatMap((l) => {
    const item = items.find((i) => i.id === l.orderItemId);
    return item ? [{ vatRate: item.vatRate, totalCents: item.unitCents * l.quantity }] : [];
  });
  return legacyCreditSplit(lines, row.shipping_cents, row.amount_cents, row.order_vat).map((r) => ({
    rate: r.rate,
    grossCents: r.grossCents,
    vatCents: r.amountCents,
  }));
}

// ---------------------------------------------------------------------------------------------
// The VAT return

/** The invoices dated in the period, per rate: what they charged incl. VAT and the VAT they print. */
async function invoicesPerRate(db: DbExecutor, period: ReportPeriod) {
  const vat = rowsOf<{ rate: number; vat: number }>(
    await db.execute(sql`
      SELECT (v->>'rate')::int AS rate, sum((v->>'amountCents')::bigint)::float8 AS vat
      FROM (${invoicesIn(period)}) inv
      JOIN orders o ON o.id = inv.order_id
      CROSS JOIN LATERAL jsonb_array_elements(o.vat_lines) v
      GROUP BY 1`),
  );
  // One pass over the invoiced orders and their lines (the VAT lines stay out of it: carrying jsonb
  // through the grouping doubled its time). An order at one rate charged its whole total at that
  // rate (summed here, with the count); an order with more rates shared its discount and shipping
  // over them, done below with the checkout's own rounding from its goods per line.
  const gross = rowsOf<{
    rate: number | null;
    orders: number;
    cents: number | null;
    discount: number;
    shipping: number;
    rates: number[] | null;
    goods: (number | string)[] | null;
  }>(
    await db.execute(sql`
      WITH per_order AS (
        SELECT o.total_amount_cents AS total, o.discount_cents AS discount, o.shipping_cents AS shipping,
          min(oi.vat_rate)::int AS lo, max(oi.vat_rate)::int AS hi,
          array_agg(oi.vat_rate::int) AS rates, array_agg(oi.product_price_cents * oi.quantity) AS goods
        FROM invoices i
        JOIN orders o ON o.id = i.order_id
        JOIN order_items oi ON oi.order_id = o.id
        WHERE i.kind = 'invoice' AND ${within(sql`i.issued_at`, period)}
        GROUP BY o.id
      )
      SELECT lo AS rate, count(*)::int AS orders, sum(total)::float8 AS cents, 0 AS discount, 0 AS shipping,
        NULL::int[] AS rates, NULL::int[] AS goods
      FROM per_order WHERE lo = hi GROUP BY lo
      UNION ALL
      SELECT NULL, 1, NULL, discount, shipping, rates, goods FROM per_order WHERE lo <> hi`),
  );
  const parts: RateAmounts[] = vat.map((v) => ({ rate: Number(v.rate), grossCents: 0, vatCents: Number(v.vat) }));
  let count = 0;
  for (const row of gross) {
    count += Number(row.orders);
    if (row.rate !== null) {
      parts.push({ rate: Number(row.rate), grossCents: Number(row.cents), vatCents: 0 });
      continue;
    }
    const goodsPerRate = new Map<number, number>();
    row.rates!.forEach((rate, i) => goodsPerRate.set(rate, (goodsPerRate.get(rate) ?? 0) + Number(row.goods![i])));
    const goods = [...goodsPerRate].map(([rate, goodsCents]) => ({ rate, goodsCents }));
    for (const r of invoiceGrossPerRate(goods, Number(row.discount), Number(row.shipping)))
      parts.push({ rate: r.rate, grossCents: r.grossCents, vatCents: 0 });
  }
  return { count, perRate: sumPerRate(parts) };
}

export async function vatReturnReport(db: DbExecutor, period: ReportPeriod): Promise<VatReturn> {
  const invoices = await invoicesPerRate(db, period);
  const credits = await creditNotesIn(db, period);
  return buildVatReturn(invoices.perRate, sumPerRate(credits.flatMap((c) => c.perRate)), {
    invoices: invoices.count,
    credits: credits.length,
  });
}

// ---------------------------------------------------------------------------------------------
// Coupon use

export type CouponUse = {
  code: string;
  uses: number;
  discountCents: number;
  revenueCents: number;
  refundedCents: number;
};

/** Per coupon code, the invoiced orders in the period that used it; most used first. */
export async function couponUseReport(db: DbExecutor, period: ReportPeriod): Promise<CouponUse[]> {
  const rows = rowsOf<{ code: string; uses: number; discount: number; revenue: number; refunded: number }>(
    await db.execute(sql`
      SELECT o.coupon_code AS code, count(*)::int AS uses, sum(o.discount_cents)::float8 AS discount,
        sum(o.total_amount_cents)::float8 AS revenue, sum(o.refunded_cents)::float8 AS refunded
      FROM (${invoicesIn(period)}) inv
      JOIN orders o ON o.id = inv.order_id
      WHERE o.coupon_code IS NOT NULL
      GROUP BY o.coupon_code
      ORDER BY uses DESC, discount DESC, code`),
  );
  return rows.map((r) => ({
    code: r.code,
    uses: Number(r.uses),
    discountCents: Number(r.discount),
    revenueCents: Number(r.revenue),
    refundedCents: Number(r.refunded),
  }));
}

// ---------------------------------------------------------------------------------------------
// Best-selling products

export type ProductSales = {
  artNo: string;
  name: string;
  soldPieces: number;
  refundedPieces: number;
  /** Sold minus refunded pieces. */
  netPieces: number;
  /** The net pieces at the price they were sold for, VAT included (before any coupon). */
  revenueCents: number;
};

/**
 * Per product, the pieces on the invoices dated in the period, less the pieces refunded from those
 * orders (whenever), and what the rest sold for; most pieces first. `limit` null: all of them.
 */
export async function bestSellersReport(
  db: DbExecutor,
  period: ReportPeriod,
  limit: number | null,
): Promise<{ products: ProductSales[]; total: number }> {
  const rows = rowsOf<{
    art_no: string;
    name: string;
    sold: number;
    refunded: number;
    revenue: number;
    total: number;
  }>(
    await db.execute(sql`
      WITH inv AS (${invoicesIn(period)}),
      refunded AS (
        SELECT (l->>'orderItemId')::int AS item_id, sum((l->>'quantity')::int)::int AS pieces
        FROM inv
        JOIN order_refunds r ON r.order_id = inv.order_id AND r.status = 'succeeded'
        CROSS JOIN LATERAL jsonb_array_elements(r.lines) l
        GROUP BY 1
      )
      SELECT oi.product_id AS art_no, (array_agg(oi.product_name ORDER BY oi.id DESC))[1] AS name,
        sum(oi.quantity)::int AS sold, coalesce(sum(rf.pieces), 0)::int AS refunded,
        sum(oi.product_price_cents::bigint * (oi.quantity - coalesce(rf.pieces, 0)))::float8 AS revenue,
        count(*) OVER ()::int AS total
      FROM inv
      JOIN order_items oi ON oi.order_id = inv.order_id
      LEFT JOIN refunded rf ON rf.item_id = oi.id
      GROUP BY oi.product_id
      ORDER BY sum(oi.quantity) - coalesce(sum(rf.pieces), 0) DESC, revenue DESC, oi.product_id
      ${limit === null ? sql`` : sql`LIMIT ${limit}`}`),
  );
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    products: rows.map((r) => ({
      artNo: r.art_no,
      name: r.name,
      soldPieces: Number(r.sold),
      refundedPieces: Number(r.refunded),
      netPieces: Number(r.sold) - Number(r.refunded),
      revenueCents: Number(r.revenue),
    })),
  };
}
