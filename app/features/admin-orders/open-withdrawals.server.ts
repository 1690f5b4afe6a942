import { sql, type SQL } from "drizzle-orm";

/**
 * Orders with an open withdrawal, and the refund deadline the shop must meet for it: rows of
 * (order_id, refund_due_at). One definition for the list's badge, its filter, its count and the CSV.
 *
 * A withdrawal is open while the shop still owes its money back, counted in pieces, not cents:
 *   - the order is still "paid" (a fully refunded order owes nothing; an unpaid one never did), and
 *   - some withdrawn piece has not been paid back yet: for an order line, the pieces withdrawn up to
 *     and including this withdrawal (oldest first) exceed the pieces of that line in its succeeded
 *     refunds (order_refunds.lines).
 * Pieces rather than `refunded_cents < withdrawn amount`: a refund pays what was paid for a line
 * after the order's discount (issue 28, item 1), less than its price, so a cents comparison would keep
 * a correctly refunded withdrawal open for ever. A refund of other lines does not close it either.
 * The shipping the law adds to a whole-order withdrawal is not counted: once every withdrawn piece is
 * paid back the badge goes, and the order page shows whether shipping was refunded too.
 * The deadline shown is the earliest of the order's withdrawals that is still open.
 *
 * Withdrawals are few next to orders, so this reads all of them (or those of `orderIds`) and the
 * refunds of their orders through order_refunds_order_idx.
 */
export function openWithdrawals(orderIds?: readonly string[]): SQL {
  const only =
    orderIds === undefined
      ? sql``
      : // Callers ask only for a non-empty list (an empty "in ()" is not SQL).
        sql`and w.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  return sql`
    select wi.order_id, min(wi.refund_due_at) as refund_due_at
    from (
      select w.order_id, w.refund_due_at, i.order_item_id,
             sum(i.quantity) over (partition by i.order_item_id order by w.created_at, w.id) as withdrawn_through
      from order_withdrawals w
      join order_withdrawal_items i on i.withdrawal_id = w.id
      -- A lookup by primary key per withdrawal: as a join PostgreSQL reads every paid order instead.
      where (select o.payment_status from orders o where o.id = w.order_id) = 'paid' ${only}
    ) wi
    where wi.withdrawn_through > coalesce((
      select sum((line->>'quantity')::int)
      from order_refunds r cross join lateral jsonb_array_elements(r.lines) line
      where r.order_id = wi.order_id and r.status = 'succeeded'
        and (line->>'orderItemId')::int = wi.order_item_id), 0)
    group by wi.order_id`;
}
