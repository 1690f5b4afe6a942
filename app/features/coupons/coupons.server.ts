import { sql } from "drizzle-orm";
import { rowsOf } from "~/db/rows.server";
import type { DbExecutor } from "~/db/client.server";
import { COUPON_MESSAGES, judgeCoupon, normaliseCouponCode, type CouponResult, type CouponTerms } from "./coupon-rules";
import { hasInvalidCharacters } from "~/shared/forms/text-input";

/**
 * Coupons on the server (spec 2 §7.3 `validate_and_apply_coupon`). Three moments, three calls:
 *
 * 1. Showing a price (cart, checkout side panel): `evaluateCoupon(db, code, goodsCents)`. Reads only;
 *    the limit is checked against paid uses (`usage_count`).
 * 2. Placing an order: inside the place-order transaction, `lockCouponForOrder(tx, code, goodsCents)`
 *    BEFORE inserting the order, then insert the order with `coupon_id` set, then commit. The call
 *    locks the coupon row (`FOR UPDATE`) until that transaction ends and counts, besides the paid
 *    uses, the uses RESERVED by open orders (unpaid, not cancelled, placed in the last
 *    `RESERVATION_MINUTES` minutes, carrying this coupon). A second checkout for the same coupon
 *    waits on the lock, then sees the first one's order (READ COMMITTED, PostgreSQL's default: each
 *    statement reads what is committed when it starts), so two checkouts can never both take the
 *    last use. A shopper who abandoned an unpaid order holds the use until it is paid, cancelled or
 *    older than the reservation window.
 * 3. Confirming payment: in the transaction that marks the order paid (once), `countCouponUse(tx, id)`.
 *    One conditional UPDATE, so concurrent confirmations never count past the limit. It answers false
 *    when the limit was already reached (an expired reservation was taken by someone else): the
 *    shopper has paid, so the order stands and the caller logs it.
 */

/**
 * How long an unpaid order keeps its claim on a coupon use: a payment session can be paid for 30
 * (local) or 31 (Stripe) minutes, after which the hold only blocks other shoppers. A session that
 * ends earlier (failed, cancelled, expired) closes its order and releases the hold at once; the
 * payment page's cancel link does the same (ADR 0026).
 */
export const RESERVATION_MINUTES = 35;

type CouponRow = {
  id: string;
  code: string;
  discount_percentage: number | null;
  discount_amount_cents: number | null;
  min_order_value_cents: number;
  max_discount_amount_cents: number | null;
  usage_limit: number | null;
  usage_count: number;
  is_active: boolean;
  expired: boolean;
};

function termsOf(row: CouponRow): CouponTerms {
  return {
    discountPercentage: row.discount_percentage,
    discountAmountCents: row.discount_amount_cents,
    minOrderValueCents: row.min_order_value_cents,
    maxDiscountAmountCents: row.max_discount_amount_cents,
    usageLimit: row.usage_limit,
    usageCount: row.usage_count,
    isActive: row.is_active,
    expired: row.expired,
  };
}

/**
 * Codes are stored upper-case; the match is on upper(code) all the same, so a code typed in lower
 * case by an admin still works. Expiry is judged on the database clock, like the reservations.
 */
async function findCoupon(db: DbExecutor, code: string, lock: boolean): Promise<CouponRow | null> {
  const result = await db.execute(sql`
    SELECT id, code, discount_percentage, discount_amount_cents, min_order_value_cents,
           max_discount_amount_cents, usage_limit, usage_count, is_active,
           (valid_until IS NOT NULL AND valid_until < now()) AS expired
    FROM coupon_codes
    WHERE upper(code) = ${code}
    ORDER BY (code = ${code}) DESC
    LIMIT 1
    ${lock ? sql`FOR UPDATE` : sql``}`);
  return rowsOf<CouponRow>(result)[0] ?? null;
}

/**
 * How long repeated orders of one shopper share one hold: their orders with the same coupon in this
 * many hours count from the first (ADR 0026).
 */
export const HOLD_SHARED_HOURS = 24;

/**
 * The uses held by open orders: unpaid, not cancelled, and placed less than RESERVATION_MINUTES
 * after the FIRST unpaid order with this coupon from the same e-mail address or the same delivery
 * address in the HOLD_SHARED_HOURS before it (cancelled and expired ones included). So a shopper
 * who places an order every half hour, or from a new address with the same house, never keeps a
 * use held longer than one reservation (issue 27): their later orders hold only what is left of the
 * first one's time.
 */
async function reservedUses(db: DbExecutor, couponId: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    LEFT JOIN shipping_addresses a ON a.id = o.shipping_address_id
    WHERE o.coupon_id = ${couponId}
      AND o.payment_status = 'unpaid'
      AND o.status <> 'cancelled'
      AND o.created_at > now() - make_interval(mins => ${RESERVATION_MINUTES})
      AND NOT EXISTS (
        SELECT 1 FROM orders p
        JOIN customers pc ON pc.id = p.customer_id
        LEFT JOIN shipping_addresses pa ON pa.id = p.shipping_address_id
        WHERE p.coupon_id = o.coupon_id
          AND p.id <> o.id
          AND p.payment_status = 'unpaid'
          AND p.created_at <= now() - make_interval(mins => ${RESERVATION_MINUTES})
          AND p.created_at > o.created_at - make_interval(hours => ${HOLD_SHARED_HOURS})
          AND (
            lower(pc.email) = lower(c.email)
            OR (
              upper(replace(pa.postal_code, ' ', '')) = upper(replace(a.postal_code, ' ', ''))
              AND lower(pa.house_number) = lower(a.house_number)
              AND lower(coalesce(pa.house_number_addition, '')) = lower(coalesce(a.house_number_addition, ''))
            )
          )
      )`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export type EvaluateOptions = {
  /** Lock the coupon row and count reserved uses: only inside the place-order transaction. */
  reserve?: boolean;
};

/**
 * The coupon rule for a goods total (VAT included, in cents): valid or not, the discount and the
 * message for the shopper. An empty code answers "Please enter a coupon code".
 */
export async function evaluateCoupon(
  db: DbExecutor,
  rawCode: string | null | undefined,
  orderTotalCents: number,
  opts: EvaluateOptions = {},
): Promise<CouponResult> {
  const code = normaliseCouponCode(rawCode);
  if (!code) return { code, valid: false, discountCents: 0, message: COUPON_MESSAGES.empty, couponId: null };
  // No coupon has control characters, and PostgreSQL would refuse a NUL in the lookup: an unknown code.
  if (hasInvalidCharacters(code)) return { code, ...judgeCoupon(null, orderTotalCents, 0), couponId: null };
  const row = await findCoupon(db, code, opts.reserve === true);
  const reserved = row && opts.reserve && row.usage_limit != null ? await reservedUses(db, row.id) : 0;
  const verdict = judgeCoupon(row ? termsOf(row) : null, orderTotalCents, reserved);
  return { code, ...verdict, couponId: verdict.valid && row ? row.id : null };
}

/**
 * The place-order step's coupon check (see the contract at the top): locks the coupon row until the
 * caller's transaction ends and refuses the use when paid plus reserved uses reach the limit. Call it
 * inside the transaction that then inserts the order with `coupon_id`.
 */
export function lockCouponForOrder(
  tx: DbExecutor,
  rawCode: string | null | undefined,
  orderTotalCents: number,
): Promise<CouponResult> {
  return evaluateCoupon(tx, rawCode, orderTotalCents, { reserve: true });
}

/**
 * Counts one use of a paid order's coupon. True when counted; false when the coupon is gone,
 * inactive or already at its limit. Call once per order, in the transaction that marks it paid.
 */
export async function countCouponUse(tx: DbExecutor, couponId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    UPDATE coupon_codes SET usage_count = usage_count + 1
    WHERE id = ${couponId} AND is_active AND (usage_limit IS NULL OR usage_count < usage_limit)
    RETURNING id`);
  return rowsOf<{ id: string }>(result).length === 1;
}
