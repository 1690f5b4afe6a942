import { z } from "zod";
import { formStrings, validateFields } from "~/shared/forms/form-validation";
import { textField } from "~/shared/forms/text-field";
import type { TextRules } from "~/shared/forms/text-input";

/** The page's Dutch outcome messages (spec 2 §8 Contact, plus the rate limit). */
export const CONTACT_MESSAGES = {
  sent: "Bericht verzonden",
  sendError: "Fout bij verzenden",
  rateLimited: "Je hebt te veel berichten verstuurd. Probeer het over een uur opnieuw.",
} as const;

/** Field names of the contact form, shared by the form markup, the client check and the action. */
export const CONTACT_FIELDS = ["firstName", "lastName", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

const required = (message: string, max: number, tooLong: string, rules?: TextRules) =>
  textField(message, rules).trim().min(1, { message }).max(max, { message: tooLong });

/** The one contact-form schema: the browser checks with it before sending, the action again on the server. */
export const contactSchema = z.object({
  firstName: required("Vul je voornaam in", 100, "Je voornaam mag maximaal 100 tekens zijn"),
  lastName: required("Vul je achternaam in", 100, "Je achternaam mag maximaal 100 tekens zijn"),
  email: textField("Voer een geldig e-mailadres in")
    .trim()
    .max(254, { message: "Voer een geldig e-mailadres in" })
    .pipe(z.email({ message: "Voer een geldig e-mailadres in" })),
  subject: required("Vul een onderwerp in", 200, "Het onderwerp mag maximaal 200 tekens zijn"),
  message: required("Schrijf je bericht", 5000, "Je bericht mag maximaal 5000 tekens zijn", { multiLine: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Reads the form fields as plain strings (missing = ""), to validate and to echo back on an error. */
export function contactValuesFrom(form: FormData): ContactValues {
  return formStrings(form, CONTACT_FIELDS);
}

/** Validates; on failure the first message per field, in Dutch. */
export function validateContact(
  values: ContactValues,
): { ok: true; data: ContactInput } | { ok: false; errors: ContactErrors } {
  return validateFields<ContactInput, ContactField>(contactSchema, values);
}
