import type { DbExecutor } from "~/db/client.server";
import { couponCodes } from "~/db/schema";

/**
 * The demo shop's coupons: one of each kind the rule knows (percentage with a cap, fixed amount
 * with a minimum order value, single use) and one that has expired, so every answer of the coupon
 * field can be tried by hand. An existing code is left as it is (an admin may have changed it).
 */
export const DEMO_COUPONS = [
  // 10 % off, at most €15.
  { code: "ZOMER10", discountPercentage: 10, maxDiscountAmountCents: 1500 },
  // €5 off from €25.
  { code: "WELKOM5", discountAmountCents: 500, minOrderValueCents: 2500 },
  // 10 % off, once in the shop's life.
  { code: "EENMALIG", discountPercentage: 10, usageLimit: 1 },
  // Expired at the end of 2024.
  { code: "VERLOPEN", discountPercentage: 15, validUntil: new Date("2024-12-31T22:59:59Z") },
] satisfies (typeof couponCodes.$inferInsert)[];

/** Inserts the demo coupons that are missing; returns how many were new. */
export async function insertDemoCoupons(tx: DbExecutor): Promise<{ coupons: number }> {
  const rows = await tx
    .insert(couponCodes)
    .values(DEMO_COUPONS)
    .onConflictDoNothing({ target: couponCodes.code })
    .returning({ id: couponCodes.id });
  return { coupons: rows.length };
}
