import { z } from "zod";
import { textField } from "~/shared/forms/text-field";
import { isStravaPlaceholderEmail } from "./strava-placeholder";

/** The texts of /auth/email and /auth/email/bevestigen (the e-mail message is spec 2 §8's). */
export const STRAVA_EMAIL_MESSAGES = {
  invalidEmail: "Voer een geldig e-mailadres in",
  sent: (email: string) =>
    `We hebben een bevestigingslink gestuurd naar ${email}. Open de link om je account compleet te maken.`,
  rateLimited: "Je hebt te vaak een bevestigingslink aangevraagd. Probeer het over een uur opnieuw.",
  sendFailed: "Er ging iets mis aan onze kant. Probeer het later opnieuw.",
  linkExpired: "Deze bevestigingslink is verlopen.",
  linkInvalid: "Deze bevestigingslink is ongeldig of al gebruikt.",
  confirmFailed: "Bevestigen is niet gelukt. Probeer het later opnieuw.",
} as const;

/**
 * The address a Strava user gives: the browser checks it with this schema before sending, the
 * action again on the server. Stored lower-case, like better-auth stores every address.
 */
export const stravaEmailSchema = textField(STRAVA_EMAIL_MESSAGES.invalidEmail)
  .trim()
  .max(254, { message: STRAVA_EMAIL_MESSAGES.invalidEmail })
  .pipe(z.email({ message: STRAVA_EMAIL_MESSAGES.invalidEmail }))
  .transform((email) => email.toLowerCase())
  .refine((email) => !isStravaPlaceholderEmail(email), { message: STRAVA_EMAIL_MESSAGES.invalidEmail });

export function parseStravaEmail(value: unknown): { ok: true; email: string } | { ok: false; error: string } {
  const parsed = stravaEmailSchema.safeParse(typeof value === "string" ? value : "");
  return parsed.success
    ? { ok: true, email: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? STRAVA_EMAIL_MESSAGES.invalidEmail };
}
