import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { couponCodes } from "~/db/schema/index";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import type { AdminCoupon, CouponInput } from "./coupon-admin";

/**
 * Coupon Management (spec 1 §2.15, spec 2 §7.3 "Coupons"): the list newest first, create, update,
 * (de)activate and delete. Every write records its before and after in admin_changes in the same
 * transaction.
 */

/** Whether a coupon has been used: paid uses, or any order (open or not) that carries it. */
// Written out in full: drizzle leaves a lone table's columns unqualified, and inside the subquery an
// unqualified "id" would be the order's.
const USED = sql<boolean>`(coupon_codes.usage_count > 0 OR EXISTS (SELECT 1 FROM orders o WHERE o.coupon_id = coupon_codes.id))`;

const COLUMNS = {
  id: couponCodes.id,
  code: couponCodes.code,
  discountPercentage: couponCodes.discountPercentage,
  discountAmountCents: couponCodes.discountAmountCents,
  minOrderValueCents: couponCodes.minOrderValueCents,
  maxDiscountAmountCents: couponCodes.maxDiscountAmountCents,
  usageLimit: couponCodes.usageLimit,
  usageCount: couponCodes.usageCount,
  validUntil: couponCodes.validUntil,
  isActive: couponCodes.isActive,
  createdAt: couponCodes.createdAt,
};

type Row = {
  id: string;
  code: string;
  discountPercentage: number | null;
  discountAmountCents: number | null;
  minOrderValueCents: number;
  maxDiscountAmountCents: number | null;
  usageLimit: number | null;
  usageCount: number;
  validUntil: Date | null;
  isActive: boolean;
  createdAt: Date;
  used: boolean;
};

function toAdminCoupon(row: Row): AdminCoupon {
  const percentage = row.discountPercentage != null;
  return {
    id: row.id,
    code: row.code,
    discountType: percentage ? "percentage" : "fixed",
    discountValue: percentage ? row.discountPercentage! : row.discountAmountCents!,
    minOrderValueCents: row.minOrderValueCents,
    maxDiscountAmountCents: row.maxDiscountAmountCents,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    validUntil: row.validUntil ? new Date(row.validUntil).toISOString() : null,
    isActive: row.isActive,
    expired: row.validUntil != null && new Date(row.validUntil).getTime() < Date.now(),
    createdAt: new Date(row.createdAt).toISOString(),
    used: Boolean(row.used),
  };
}

/** The stored row as the change record keeps it (dates as ISO text). */
function recordOf(row: Row) {
  const { used: _used, ...columns } = row;
  return {
    ...columns,
    validUntil: row.validUntil ? new Date(row.validUntil).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Every coupon, newest first (spec 2 §7.3: "SELECT coupon_codes newest first"). */
export async function listCoupons(db: DbExecutor): Promise<AdminCoupon[]> {
  const rows = await db
    .select({ ...COLUMNS, used: USED })
    .from(couponCodes)
    // Coupons seeded together share a moment; the code keeps their order the same on every load.
    .orderBy(desc(couponCodes.createdAt), asc(couponCodes.code));
  return rows.map(toAdminCoupon);
}

async function findCoupon(tx: DbExecutor, id: string, lock = false): Promise<Row | undefined> {
  const query = tx
    .select({ ...COLUMNS, used: USED })
    .from(couponCodes)
    .where(eq(couponCodes.id, id))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: couponCodes }) : await query;
  return row;
}

/** Another coupon with the same code as shoppers type it (codes are matched upper-cased). */
async function codeTaken(tx: DbExecutor, code: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: couponCodes.id })
    .from(couponCodes)
    .where(
      exceptId
        ? sql`upper(${couponCodes.code}) = ${code.toUpperCase()} AND ${couponCodes.id} <> ${exceptId}`
        : sql`upper(${couponCodes.code}) = ${code.toUpperCase()}`,
    )
    .limit(1);
  return row != null;
}

export type CouponWriteResult =
  { ok: true; coupon: AdminCoupon } | { ok: false; reason: "not-found" | "invalid"; field?: "code"; message: string };

const NOT_FOUND = { ok: false, reason: "not-found", message: "Coupon not found" } as const;
const DUPLICATE = {
  ok: false,
  reason: "invalid",
  field: "code",
  message: "A coupon with this code already exists",
} as const;

/**
 * Codes are unique as shoppers type them; the advisory lock makes the check and the insert one step
 * when two admins save the same code at once (the unique index alone would not see "save10" vs "SAVE10").
 */
async function lockCodes(tx: DbExecutor) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7310916)`);
}

export async function createCoupon(db: Db, actor: AdminActor, input: CouponInput): Promise<CouponWriteResult> {
  return db.transaction(async (tx) => {
    await lockCodes(tx);
    if (await codeTaken(tx, input.code, null)) return DUPLICATE;
    const [inserted] = await tx.insert(couponCodes).values(input).returning({ id: couponCodes.id });
    const row = (await findCoupon(tx, inserted!.id))!;
    await recordAdminChange(tx, actor, {
      entityType: "coupon",
      entityId: row.id,
      action: "create",
      before: null,
      after: recordOf(row),
    });
    return { ok: true, coupon: toAdminCoupon(row) };
  });
}

export async function updateCoupon(
  db: Db,
  actor: AdminActor,
  id: string,
  input: CouponInput,
): Promise<CouponWriteResult> {
  return db.transaction(async (tx) => {
    await lockCodes(tx);
    const before = await findCoupon(tx, id, true);
    if (!before) return NOT_FOUND;
    if (await codeTaken(tx, input.code, id)) return DUPLICATE;
    await tx.update(couponCodes).set(input).where(eq(couponCodes.id, id));
    const after = (await findCoupon(tx, id))!;
    await recordAdminChange(tx, actor, {
      entityType: "coupon",
      entityId: id,
      action: "update",
      before: recordOf(before),
      after: recordOf(after),
    });
    return { ok: true, coupon: toAdminCoupon(after) };
  });
}

export async function setCouponActive(
  db: Db,
  actor: AdminActor,
  id: string,
  isActive: boolean,
): Promise<CouponWriteResult> {
  return db.transaction(async (tx) => {
    const before = await findCoupon(tx, id, true);
    if (!before) return NOT_FOUND;
    await tx.update(couponCodes).set({ isActive }).where(eq(couponCodes.id, id));
    const after = (await findCoupon(tx, id))!;
    await recordAdminChange(tx, actor, {
      entityType: "coupon",
      entityId: id,
      action: isActive ? "activate" : "deactivate",
      before: { isActive: before.isActive },
      after: { isActive },
    });
    return { ok: true, coupon: toAdminCoupon(after) };
  });
}

/** A coupon that has been used cannot be deleted, only deactivated: orders keep pointing at it. */
export async function deleteCoupon(db: Db, actor: AdminActor, id: string): Promise<CouponWriteResult> {
  return db.transaction(async (tx) => {
    // Lock first, then read: an order placed with this coupon while we waited for the lock is seen
    // (the checkout locks the same row), so a coupon in use is never deleted under it.
    if (!(await findCoupon(tx, id, true))) return NOT_FOUND;
    const before = (await findCoupon(tx, id))!;
    if (before.used)
      return {
        ok: false,
        reason: "invalid",
        message: "This coupon has been used and cannot be deleted; deactivate it instead",
      };
    await tx.delete(couponCodes).where(eq(couponCodes.id, id));
    await recordAdminChange(tx, actor, {
      entityType: "coupon",
      entityId: id,
      action: "delete",
      before: recordOf(before),
      after: null,
    });
    return { ok: true, coupon: toAdminCoupon(before) };
  });
}
