import type { Db } from "../../app/db/client.server";
import { couponCodes } from "../../app/db/schema";

let counter = 0;

type CouponInput = Partial<typeof couponCodes.$inferInsert>;

/** An active 10 % coupon without limits, unless the input says otherwise. Codes are unique per call. */
export async function createCoupon(db: Db, input: CouponInput = {}) {
  counter += 1;
  const fixed = input.discountAmountCents != null;
  const [row] = await db
    .insert(couponCodes)
    .values({
      code: `TEST${counter}${Date.now().toString(36).toUpperCase()}`,
      discountPercentage: fixed ? null : 10,
      ...input,
    })
    .returning();
  return row!;
}
