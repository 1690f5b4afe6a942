import { z } from "zod";
import { formStrings, validateFields } from "~/shared/forms/form-validation";
import { textField } from "~/shared/forms/text-field";

/** The page's outcome messages (spec 2 §8 Shopper → Profile). */
export const PROFILE_MESSAGES = {
  saved: "Profiel bijgewerkt",
  saveError: "Er is een fout opgetreden bij het bijwerken van uw profiel",
} as const;

/** The editable fields; the e-mail address is shown but never posted (spec 1 §2.10: read-only). */
export const PROFILE_FIELDS = ["firstName", "lastName", "phone"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const PROFILE_LIMITS = { nameMax: 100, phoneMax: 20, phoneMinDigits: 8 } as const;

const PHONE_CHARACTERS = /^[0-9+\-() ]*$/;

// Tabs, newlines and other control characters never belong in a name or number (textField refuses them).
const name = (label: string) =>
  textField()
    .trim()
    .max(PROFILE_LIMITS.nameMax, { message: `${label} mag maximaal ${PROFILE_LIMITS.nameMax} tekens bevatten` });

/**
 * The one profile schema: the browser checks with it before sending, the action again on the server.
 * The spec names no rules, so: names optional (a shopper may fill in only a phone number) and at most
 * 100 characters; the phone optional, written with digits, spaces, +, -, ( and ), 8 to 20 characters
 * with at least 8 digits (06 12345678, +31 6 1234 5678, (020) 123 4567). Empty values are stored as
 * "" for names and null for the phone.
 */
export const profileSchema = z.object({
  firstName: name("Voornaam"),
  lastName: name("Achternaam"),
  phone: textField()
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") return;
      if (!PHONE_CHARACTERS.test(value)) {
        ctx.addIssue({
          code: "custom",
          message: "Telefoonnummer mag alleen cijfers, spaties en de tekens + - ( ) bevatten",
        });
      } else if (value.length > PROFILE_LIMITS.phoneMax) {
        ctx.addIssue({
          code: "custom",
          message: `Telefoonnummer mag maximaal ${PROFILE_LIMITS.phoneMax} tekens bevatten`,
        });
      } else if (value.replace(/\D/g, "").length < PROFILE_LIMITS.phoneMinDigits) {
        ctx.addIssue({
          code: "custom",
          message: `Telefoonnummer moet minimaal ${PROFILE_LIMITS.phoneMinDigits} cijfers bevatten`,
        });
      }
    })
    .transform((value) => (value === "" ? null : value.replace(/ {2,}/g, " "))),
});

export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfileValues = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** Reads the editable fields as plain strings (missing = ""); anything else posted (an e-mail) is ignored. */
export function profileValuesFrom(form: FormData): ProfileValues {
  return formStrings(form, PROFILE_FIELDS);
}

/** Validates; on failure the first message per field, in Dutch. */
export function validateProfile(
  values: ProfileValues,
): { ok: true; data: ProfileInput } | { ok: false; errors: ProfileErrors } {
  return validateFields<ProfileInput, ProfileField>(profileSchema, values);
}

/** The name the admin's Users table shows: "Voornaam Achternaam", or "" when both are empty. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(" ");
}
