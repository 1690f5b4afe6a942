import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";

/**
 * The admin coupon form of spec 1 §5 without the database: what the dialog sends, checked field by
 * field with the spec's messages, turned into a `coupon_codes` row (money in cents).
 */

export const COUPON_FORM_MESSAGES = {
  codeTooShort: "Code must be at least 3 characters",
  positive: "Must be a positive number",
  zeroOrPositive: "Must be zero or a positive number",
} as const;

/** The toasts of spec 2 §8 "Coupons". */
export const COUPON_ADMIN_TOASTS = {
  created: "Coupon created successfully",
  updated: "Coupon updated successfully",
  activated: "Coupon activated successfully",
  deactivated: "Coupon deactivated successfully",
  loadFailed: "Failed to load coupons",
  updateFailed: "Failed to update coupon",
  deleted: "Coupon deleted successfully",
} as const;

export type DiscountType = "percentage" | "fixed";

/** A coupon as the admin table and dialog show it. */
export type AdminCoupon = {
  id: string;
  code: string;
  discountType: DiscountType;
  /** Percent (1–100) for a percentage coupon, cents for a fixed one. */
  discountValue: number;
  minOrderValueCents: number;
  maxDiscountAmountCents: number | null;
  usageLimit: number | null;
  usageCount: number;
  /** The end of the last valid day (ISO), or null: no expiry. */
  validUntil: string | null;
  isActive: boolean;
  /** Past its valid-until: the checkout refuses it whatever the switch says. */
  expired: boolean;
  createdAt: string;
  /** Paid uses or orders that refer to it: such a coupon can only be deactivated. */
  used: boolean;
};

/** The stored form of a checked coupon (the columns of `coupon_codes` an admin sets). */
export type CouponInput = {
  code: string;
  discountPercentage: number | null;
  discountAmountCents: number | null;
  minOrderValueCents: number;
  maxDiscountAmountCents: number | null;
  usageLimit: number | null;
  validUntil: Date | null;
  isActive: boolean;
};

export type CouponField =
  | "code"
  | "discountType"
  | "discountValue"
  | "minOrderValue"
  | "maxDiscountAmount"
  | "usageLimit"
  | "validUntil"
  | "isActive";

export type CouponParse = { ok: true; coupon: CouponInput } | { ok: false; field: CouponField; message: string };

const MAX_CODE = 40;
const MAX_CENTS = 100_000_000; // € 1 000 000: nothing in this shop costs more
const MAX_USES = 1_000_000_000;

/**
 * An amount in euros as an admin types it ("12,50", "12.50", "7") into cents; null when it is not a
 * plain non-negative number with at most two decimals. Stricter than the supplier price parser: a
 * typo must be refused, not read as 0.
 */
export function parseEuroInput(text: string): number | null {
  const s = text.trim().replace(/^€\s*/, "");
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_CENTS ? cents : null;
}

/** A whole number as typed ("10"), or null. */
function parseWholeNumber(text: string, max: number): number | null {
  const s = text.trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const value = Number(s);
  return value <= max ? value : null;
}

/** A percentage as typed ("10", "12,5" is refused: the column holds whole percents). */
function parsePercent(text: string): number | null {
  return parseWholeNumber(text, 100);
}

/** "yyyy-mm-dd" of a real calendar day, else null. */
export function parseDay(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

const amsterdamParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The Amsterdam wall clock of an instant, as "yyyy-mm-dd hh:mm:ss". */
function amsterdamWallClock(instant: Date): string {
  const part = (type: string) => amsterdamParts.formatToParts(instant).find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}

/**
 * The last moment of a calendar day in Amsterdam (23:59:59.999 local time, winter or summer time):
 * a coupon "valid until 31/12" works all of that day for a Dutch shopper.
 */
export function endOfAmsterdamDay(day: { year: number; month: number; day: number }): Date {
  const wall = `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")} 23:59:59`;
  // Amsterdam is UTC+1 in winter and UTC+2 in summer; the right offset is the one whose wall clock matches.
  for (const offsetHours of [1, 2]) {
    const instant = new Date(Date.UTC(day.year, day.month - 1, day.day, 23 - offsetHours, 59, 59, 999));
    if (amsterdamWallClock(instant) === wall) return instant;
  }
  throw new Error(`No end of day in Amsterdam for ${wall}`);
}

/** The calendar day (yyyy-mm-dd) in Amsterdam of a stored valid-until, for the date field. */
export function amsterdamDayOf(iso: string): string {
  return amsterdamWallClock(new Date(iso)).slice(0, 10);
}

/**
 * Checks a posted coupon form; the first problem names its field. Empty optional values become null,
 * a percentage coupon's code is saved in upper case (spec 1 §5), the minimum order defaults to 0.
 */
export function parseCouponForm(read: (field: CouponField) => string | null): CouponParse {
  const fail = (field: CouponField, message: string): CouponParse => ({ ok: false, field, message });
  const value = (field: CouponField) => read(field) ?? "";
  for (const field of [
    "code",
    "discountType",
    "discountValue",
    "minOrderValue",
    "maxDiscountAmount",
    "usageLimit",
    "validUntil",
    "isActive",
  ] as const) {
    if (hasInvalidCharacters(value(field))) return fail(field, INVALID_CHARACTERS_MESSAGE);
  }

  const rawCode = value("code").trim();
  if (rawCode.length < 3) return fail("code", COUPON_FORM_MESSAGES.codeTooShort);
  if (rawCode.length > MAX_CODE) return fail("code", `Code must be at most ${MAX_CODE} characters`);
  if (/\s/.test(rawCode)) return fail("code", "Code cannot contain spaces");

  const type = value("discountType");
  if (type !== "percentage" && type !== "fixed") return fail("discountType", "Choose percentage or fixed");

  const rawValue = value("discountValue").trim();
  let discountPercentage: number | null = null;
  let discountAmountCents: number | null = null;
  if (type === "percentage") {
    discountPercentage = parsePercent(rawValue);
    if (discountPercentage == null || discountPercentage <= 0) {
      // A number above 100 is positive but no percentage a coupon can give.
      return /^\d+$/.test(rawValue) && Number(rawValue) > 100
        ? fail("discountValue", "A percentage can be at most 100")
        : fail("discountValue", COUPON_FORM_MESSAGES.positive);
    }
  } else {
    discountAmountCents = parseEuroInput(rawValue);
    if (discountAmountCents == null || discountAmountCents <= 0)
      return fail("discountValue", COUPON_FORM_MESSAGES.positive);
  }

  const rawMin = value("minOrderValue").trim();
  const minOrderValueCents = rawMin === "" ? 0 : parseEuroInput(rawMin);
  if (minOrderValueCents == null) return fail("minOrderValue", COUPON_FORM_MESSAGES.zeroOrPositive);

  const rawMax = value("maxDiscountAmount").trim();
  const maxDiscountAmountCents = rawMax === "" ? null : parseEuroInput(rawMax);
  if (rawMax !== "" && (maxDiscountAmountCents == null || maxDiscountAmountCents <= 0))
    return fail("maxDiscountAmount", COUPON_FORM_MESSAGES.positive);

  const rawLimit = value("usageLimit").trim();
  const usageLimit = rawLimit === "" ? null : parseWholeNumber(rawLimit, MAX_USES);
  if (rawLimit !== "" && (usageLimit == null || usageLimit <= 0))
    return fail("usageLimit", COUPON_FORM_MESSAGES.positive);

  const rawUntil = value("validUntil").trim();
  let validUntil: Date | null = null;
  if (rawUntil !== "") {
    const day = parseDay(rawUntil);
    if (!day) return fail("validUntil", "Enter a valid date");
    validUntil = endOfAmsterdamDay(day);
  }

  // The dialog sends the checkbox's "true" or, unchecked, the hidden "false" after it; a post without
  // the field at all makes an active coupon (spec 1 §5: active by default).
  const rawActive = read("isActive");
  if (rawActive != null && !["true", "false", "on"].includes(rawActive))
    return fail("isActive", "Choose active or inactive");
  const isActive = rawActive == null || rawActive === "true" || rawActive === "on";

  return {
    ok: true,
    coupon: {
      code: type === "percentage" ? rawCode.toUpperCase() : rawCode,
      discountPercentage,
      discountAmountCents,
      minOrderValueCents,
      maxDiscountAmountCents,
      usageLimit,
      validUntil,
      isActive,
    },
  };
}
