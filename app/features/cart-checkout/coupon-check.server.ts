import type { Db } from "~/db/client.server";
import { quoteCart } from "./quote.server";
import { hitRateLimit, type Client } from "~/shared/security/rate-limit.server";
import type { Logger } from "~/shared/logging/logger.server";
import type { CouponCheck, CouponForm } from "./coupon-check";
import { appliedMessage, COUPON_MESSAGES } from "~/features/coupons";

/** Coupon checks per address: enough for a shopper with typos, too few to guess codes (brief §8). */
export const COUPON_RATE_LIMIT = { limit: 30, windowSeconds: 600 } as const;

/**
 * The coupon form's server side for any page that shows the field (cart, checkout): given the code
 * and the posted cart (`couponFormOf`), counts the attempt per IP, prices the cart with the coupon
 * and answers with the spec's messages. Never throws: an unexpected error is logged and answered
 * "Failed to apply coupon".
 */
export async function checkCoupon(
  db: Db,
  deps: { logger: Logger },
  input: CouponForm,
  client: Client,
): Promise<{ check: CouponCheck; status: number }> {
  const { code, items } = input;
  const answer = (status: CouponCheck["status"], title: string, message: string, httpStatus: number, extra = {}) => ({
    check: { intent: "coupon" as const, status, code, title, message, discountCents: 0, quote: null, ...extra },
    status: httpStatus,
  });
  if (!code) return answer("empty", COUPON_MESSAGES.empty, "", 400);
  try {
    const limited = await hitRateLimit(db, { key: `coupon:ip:${client.clientIp}`, ...COUPON_RATE_LIMIT });
    if (!limited.allowed) return answer("limited", COUPON_MESSAGES.invalid, COUPON_MESSAGES.tooMany, 429);
    const quote = await quoteCart(db, { items, couponCode: code });
    const coupon = quote.coupon!;
    if (!coupon.valid) return answer("invalid", COUPON_MESSAGES.invalid, coupon.message, 200, { quote });
    return answer("applied", "Kortingscode toegepast", appliedMessage(coupon.discountCents), 200, {
      quote,
      discountCents: coupon.discountCents,
    });
  } catch (error) {
    deps.logger.error({ err: error }, "coupon check failed");
    return answer("failed", COUPON_MESSAGES.failed, "Probeer het later opnieuw.", 500);
  }
}
