import { formatEuro } from "~/shared/money/money";

/**
 * The coupon rule of spec 2 §7.3 `validate_and_apply_coupon`, without the database: which coupon
 * applies to an order total and how much it takes off. Shared by the server (the only place that
 * decides) and the coupon field (which only shows the server's answer).
 */

/** The toasts of spec 2 §8 "Coupon". */
export const COUPON_MESSAGES = {
  empty: "Please enter a coupon code",
  invalid: "Invalid coupon",
  failed: "Failed to apply coupon",
  tooMany: "Je hebt te vaak een kortingscode geprobeerd. Probeer het over een paar minuten opnieuw.",
} as const;

/** Why a coupon does not apply (the rule's message; the spec leaves the wording to us). */
export const COUPON_REASONS = {
  unknown: "Deze kortingscode bestaat niet.",
  inactive: "Deze kortingscode is niet meer geldig.",
  expired: "Deze kortingscode is verlopen.",
  usedUp: "Deze kortingscode is al het maximale aantal keren gebruikt.",
} as const;

export function belowMinimumMessage(minOrderValueCents: number): string {
  return `Deze kortingscode geldt vanaf een bestelbedrag van ${formatEuro(minOrderValueCents)}.`;
}

export function appliedMessage(discountCents: number): string {
  return `Kortingscode toegepast: ${formatEuro(discountCents)} korting.`;
}

/**
 * What the shopper typed, as codes are stored: trimmed and upper-cased (spec 1 §5); "" when nothing
 * (or no text) was given. The one normaliser for every coupon field, in the browser and on the server.
 */
export function normaliseCouponCode(raw: unknown): string {
  return typeof raw === "string" ? raw.trim().toUpperCase() : "";
}

/** The answer of the coupon rule (spec 1 §3 "Coupon validation result"), plus what the order needs. */
export type CouponResult = {
  code: string;
  valid: boolean;
  discountCents: number;
  /** The spec's message for the shopper (e.g. why it is not valid). */
  message: string;
  couponId: string | null;
};

/** The coupon's terms as the rule needs them (a `coupon_codes` row, money in cents). */
export type CouponTerms = {
  discountPercentage: number | null;
  discountAmountCents: number | null;
  minOrderValueCents: number;
  maxDiscountAmountCents: number | null;
  usageLimit: number | null;
  usageCount: number;
  isActive: boolean;
  /** Past its valid_until (decided on the database clock by the caller). */
  expired: boolean;
};

/**
 * The discount for an order total: a percentage (rounded to the cent, capped by the maximum
 * discount) or a fixed amount; never more than the total itself.
 */
export function couponDiscountCents(
  coupon: Pick<CouponTerms, "discountPercentage" | "discountAmountCents" | "maxDiscountAmountCents">,
  orderTotalCents: number,
): number {
  const total = Math.max(0, Math.round(orderTotalCents));
  let discount =
    coupon.discountPercentage != null
      ? Math.round((total * coupon.discountPercentage) / 100)
      : Math.max(0, coupon.discountAmountCents ?? 0);
  if (coupon.maxDiscountAmountCents != null) discount = Math.min(discount, coupon.maxDiscountAmountCents);
  return Math.max(0, Math.min(discount, total));
}

export type CouponVerdict = { valid: true; discountCents: number; message: string } | InvalidVerdict;
type InvalidVerdict = { valid: false; discountCents: 0; message: string };

const invalid = (message: string): InvalidVerdict => ({ valid: false, discountCents: 0, message });

/**
 * The rule itself, in the order the shopper can act on: unknown, inactive, expired, used up,
 * below the minimum order value; else the discount. `reservedUses` are uses held by orders that
 * are placed but not yet paid (counted only when placing an order).
 */
export function judgeCoupon(coupon: CouponTerms | null, orderTotalCents: number, reservedUses = 0): CouponVerdict {
  if (!coupon) return invalid(COUPON_REASONS.unknown);
  if (!coupon.isActive) return invalid(COUPON_REASONS.inactive);
  if (coupon.expired) return invalid(COUPON_REASONS.expired);
  if (coupon.usageLimit != null && coupon.usageCount + reservedUses >= coupon.usageLimit)
    return invalid(COUPON_REASONS.usedUp);
  if (orderTotalCents < coupon.minOrderValueCents) return invalid(belowMinimumMessage(coupon.minOrderValueCents));
  const discountCents = couponDiscountCents(coupon, orderTotalCents);
  return { valid: true, discountCents, message: appliedMessage(discountCents) };
}
