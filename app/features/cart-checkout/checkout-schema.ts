import { z } from "zod";
import { loginSchema } from "~/features/accounts";
import { profileSchema } from "~/features/accounts";
import { formStrings, validateFields, type FieldErrors } from "~/shared/forms/form-validation";
import { textField } from "~/shared/forms/text-field";
import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { readPostedLines } from "./cart-edit";
import { normaliseCouponCode } from "~/features/coupons";
import { MAX_LINE_QUANTITY } from "./quote";

/**
 * The checkout wizard's fields, rules and texts (spec 1 §2.13, §5; spec 2 §8 Payment/Order), shared
 * by the browser (validated on blur and on each step's submit) and the server (the whole order again
 * when it is placed). Messages marked "spec" are quoted from the spec.
 */
export const CHECKOUT_TEXT = {
  // spec
  firstName: "Voornaam moet minimaal 2 tekens bevatten",
  lastName: "Achternaam moet minimaal 2 tekens bevatten",
  email: "Voer een geldig e-mailadres in",
  password: "Wachtwoord moet minimaal 6 tekens bevatten",
  address: "Adres moet minimaal 5 tekens bevatten",
  houseNumber: "Huisnummer is verplicht",
  postalCode: "Voer een geldige Nederlandse postcode in (bijv. 1234 AB)",
  city: "Plaats moet minimaal 2 tekens bevatten",
  emptyCart: "Je winkelwagen is leeg",
  paymentSetupFailed: "Fout bij het opzetten van de betaling",
  noPaymentPage: "Kon geen betalingspagina genereren",
  placeFailed: "Fout bij het plaatsen van de bestelling",
  unexpected: "Er is een fout opgetreden",
  // ours
  tooLong: (label: string, max: number) => `${label} mag maximaal ${max} tekens bevatten`,
  checkFields: "Controleer de gemarkeerde velden.",
  cartInvalid: "Je winkelwagen kon niet worden gelezen. Ga terug naar je winkelwagen en probeer het opnieuw.",
  rateLimited: "Te veel bestelpogingen. Probeer het over tien minuten opnieuw.",
  tryAgain: "Er is niets afgeschreven. Probeer het opnieuw; lukt het niet, neem dan contact met ons op.",
  needsEmail: "Vul eerst je e-mailadres in via je account; daarna kun je bestellen.",
  alreadyPlaced:
    "Deze bestelling is al geplaatst en wacht op betaling. Probeer het over een paar minuten opnieuw of neem contact met ons op.",
} as const;

export const COUNTRY = "Nederland";

/** The wizard's steps, in order (spec 1 §2.13 progress bar labels). */
export const CHECKOUT_STEPS = ["Klantgegevens", "Verzendgegevens", "Overzicht & Betaling"] as const;
export type CheckoutStep = 1 | 2 | 3;

export const CUSTOMER_FIELDS = ["firstName", "lastName", "email", "phone", "createAccount", "password"] as const;
export const SHIPPING_FIELDS = [
  "address",
  "houseNumber",
  "houseNumberAddition",
  "postalCode",
  "city",
  "saveInfo",
] as const;
export const CHECKOUT_FIELDS = [...CUSTOMER_FIELDS, ...SHIPPING_FIELDS] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
/** The wizard's values as the form holds them: strings, checkboxes "on" or "". */
export type CheckoutValues = Record<CheckoutField, string>;
export type CheckoutErrors = FieldErrors<CheckoutField>;

export const EMPTY_CHECKOUT_VALUES: CheckoutValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  createAccount: "",
  password: "",
  address: "",
  houseNumber: "",
  houseNumberAddition: "",
  postalCode: "",
  city: "",
  saveInfo: "",
};

/**
 * Dutch postcode (spec 1 §5): four digits not starting with 0, an optional space, two letters other
 * than SA, SD and SS (not issued), any case.
 */
const POSTCODE = /^([1-9][0-9]{3}) ?(?!SA|SD|SS)([A-Z]{2})$/i;

export function isDutchPostcode(value: string): boolean {
  return POSTCODE.test(value.trim());
}

/** "1234ab" → "1234 AB": how addresses are stored and matched. */
export function normalizePostcode(value: string): string {
  const m = POSTCODE.exec(value.trim());
  return m ? `${m[1]} ${m[2]!.toUpperCase()}` : value.trim();
}

const checkbox = z.string().transform((v) => v === "on" || v === "true");

const text = (min: number, message: string, label: string, max: number) =>
  textField(message)
    .trim()
    .min(min, { message })
    .max(max, { message: CHECKOUT_TEXT.tooLong(label, max) });

const optionalText = (label: string, max: number) =>
  textField()
    .trim()
    .max(max, { message: CHECKOUT_TEXT.tooLong(label, max) })
    .transform((v) => (v === "" ? null : v));

const customerObject = z.object({
  firstName: text(2, CHECKOUT_TEXT.firstName, "Voornaam", 100),
  lastName: text(2, CHECKOUT_TEXT.lastName, "Achternaam", 100),
  // The login form's rule: trimmed, lower-cased, valid, not a Strava placeholder address.
  email: loginSchema.shape.email,
  // The profile's rule, so what checkout stores is what /profile accepts.
  phone: profileSchema.shape.phone,
  createAccount: checkbox,
  // Checked below, only when an account is asked for; never trimmed.
  password: textField(),
});

/** Step 1 (spec 1 §5 checkout customer step). */
export const customerSchema = customerObject.superRefine((v, ctx) => {
  if (!v.createAccount) return;
  const parsed = loginSchema.shape.password.safeParse(v.password);
  if (!parsed.success) ctx.addIssue({ code: "custom", path: ["password"], message: parsed.error.issues[0]!.message });
});

/** Step 2 (spec 1 §5 checkout shipping step); the country is fixed to Nederland and never posted. */
export const shippingSchema = z.object({
  address: text(5, CHECKOUT_TEXT.address, "Adres", 200),
  houseNumber: text(1, CHECKOUT_TEXT.houseNumber, "Huisnummer", 10),
  houseNumberAddition: optionalText("Toevoeging", 10).transform((v) => (v === null ? null : v.toUpperCase())),
  postalCode: textField(CHECKOUT_TEXT.postalCode)
    .trim()
    .refine(isDutchPostcode, { message: CHECKOUT_TEXT.postalCode })
    .transform(normalizePostcode),
  city: text(2, CHECKOUT_TEXT.city, "Plaats", 100),
  saveInfo: checkbox,
});

export type CustomerInput = z.infer<typeof customerSchema>;
export type ShippingInput = z.infer<typeof shippingSchema>;
export type CheckoutDetails = { customer: CustomerInput; shipping: ShippingInput };

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: CheckoutErrors };

export function validateCustomer(values: CheckoutValues): Validation<CustomerInput> {
  return validateFields<CustomerInput, CheckoutField>(customerSchema, values);
}

export function validateShipping(values: CheckoutValues): Validation<ShippingInput> {
  return validateFields<ShippingInput, CheckoutField>(shippingSchema, values);
}

/** Both steps: what the order needs, or every field's first message. */
export function validateCheckout(values: CheckoutValues): Validation<CheckoutDetails> {
  const customer = validateCustomer(values);
  const shipping = validateShipping(values);
  if (customer.ok && shipping.ok) return { ok: true, data: { customer: customer.data, shipping: shipping.data } };
  return { ok: false, errors: { ...(customer.ok ? {} : customer.errors), ...(shipping.ok ? {} : shipping.errors) } };
}

/** The message for one field of a step, as shown when the shopper leaves it (on blur). */
export function fieldError(values: CheckoutValues, field: CheckoutField): string | undefined {
  const step = (CUSTOMER_FIELDS as readonly string[]).includes(field) ? validateCustomer : validateShipping;
  const result = step(values);
  return result.ok ? undefined : result.errors[field];
}

export function checkoutValuesFrom(form: FormData): CheckoutValues {
  return formStrings(form, CHECKOUT_FIELDS);
}

/** Cart lines as the page posts them: ArtNo and quantity only; prices are the server's business. */
export const MAX_LINES = 50;
export const MAX_QUANTITY = MAX_LINE_QUANTITY;

export type CartRequestItem = { artNo: number; quantity: number };

/**
 * Reads the posted cart for an order (`items`, JSON of `[{artNo, quantity}]`), strictly: anything else
 * a line carries (price, VAT, name) is dropped; quantities are whole numbers clamped to 1–99; lines
 * with the same ArtNo are merged. Null when the value is not a cart at all or a line is unreadable.
 */
export function parseCartItems(raw: unknown): CartRequestItem[] | null {
  const lines = readPostedLines(raw, 10_000);
  if (!lines || lines.length > MAX_LINES) return null;
  const merged = new Map<number, number>();
  for (const line of lines) {
    if (!line || !Number.isFinite(line.quantity)) return null;
    merged.set(line.artNo, (merged.get(line.artNo) ?? 0) + Math.floor(line.quantity));
  }
  return [...merged].map(([artNo, quantity]) => ({
    artNo,
    quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)),
  }));
}

/** A checkout token is a UUID minted when the checkout page renders; anything else is refused. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isCheckoutToken(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Longer than any code the shop hands out: the checkout treats it as no coupon at all. */
const MAX_CHECKOUT_COUPON_LENGTH = 50;

/** The checkout's coupon field: the normalised code (coupon rules), or none when empty or over-long. */
export function checkoutCouponCode(raw: unknown): string | null {
  if (typeof raw === "string" && hasInvalidCharacters(raw)) return null;
  const code = normaliseCouponCode(raw);
  return code === "" || code.length > MAX_CHECKOUT_COUPON_LENGTH ? null : code;
}
