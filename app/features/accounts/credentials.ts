import { z } from "zod";
import { validateFields, type Validation as FormValidation } from "~/shared/forms/form-validation";
import { isLocalPath, localPathOf } from "./local-path";
import { textField } from "~/shared/forms/text-field";

/**
 * The account forms' schemas and Dutch texts, shared by the browser (checked before sending) and the
 * actions (checked again). Messages marked "spec" are quoted from spec 1 §5 / spec 2 §8.
 */

/** Spec 2 §9. auth.server.ts hands these same constants to better-auth. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_TEXT = {
  // spec
  invalidEmail: "Voer een geldig e-mailadres in",
  passwordTooShort: "Wachtwoord moet minimaal 6 tekens bevatten",
  passwordMismatch: "Wachtwoorden komen niet overeen",
  loginFailed: "Inloggen mislukt",
  loginSucceeded: "Succesvol ingelogd",
  registerFailed: "Registratie mislukt",
  registerSucceeded: "Registratie succesvol",
  checkYourEmail: "Controleer uw e-mail om uw account te bevestigen.",
  unexpected: "Er is een fout opgetreden",
  loggedOut: "U bent uitgelogd",
  logoutFailed: "Er is een fout opgetreden bij het uitloggen",
  // ours
  passwordTooLong: `Wachtwoord mag maximaal ${PASSWORD_MAX_LENGTH} tekens bevatten`,
  checkFields: "Controleer de gemarkeerde velden.",
  wrongCredentials: "Onjuist e-mailadres of wachtwoord.",
  unverified: "Je e-mailadres is nog niet bevestigd. Klik op de link in de bevestigingsmail of vraag een nieuwe aan.",
  inactive: "Dit account is gedeactiveerd. Neem contact op met de klantenservice.",
  rateLimitedQuarter: "Te veel pogingen. Probeer het over een kwartier opnieuw.",
  rateLimitedHour: "Te veel pogingen. Probeer het over een uur opnieuw.",
  serverError: "Er ging iets mis aan onze kant. Probeer het later opnieuw.",
  resendButton: "Stuur bevestigingsmail opnieuw",
  resendAnswer: "Als dit e-mailadres bij ons bekend is en nog niet bevestigd, sturen we een nieuwe bevestigingslink.",
  resetRequestAnswer:
    "Als er een account met dit e-mailadres bestaat, ontvang je binnen enkele minuten een e-mail met een link om een nieuw wachtwoord in te stellen.",
  resetTokenInvalid:
    "Deze link om een nieuw wachtwoord in te stellen is ongeldig, al gebruikt of verlopen. Vraag een nieuwe link aan.",
  passwordChanged: "Wachtwoord gewijzigd",
  passwordChangedDetail: "Je kunt nu inloggen met je nieuwe wachtwoord.",
  stravaUnavailable: "Inloggen met Strava is niet beschikbaar",
} as const;

/**
 * An e-mail address as a person types it: trimmed and lower-cased (better-auth stores it lower-case).
 * The reserved .invalid domain is refused: Strava accounts use it for their placeholder addresses.
 */
const emailField = textField(AUTH_TEXT.invalidEmail)
  .trim()
  .toLowerCase()
  .max(254, { message: AUTH_TEXT.invalidEmail })
  .pipe(z.email({ message: AUTH_TEXT.invalidEmail }))
  .refine((email) => !email.endsWith(".invalid"), { message: AUTH_TEXT.invalidEmail });

/** Passwords are never trimmed: spaces are characters like any other (control characters are not). */
const passwordField = textField(AUTH_TEXT.passwordTooShort)
  .min(PASSWORD_MIN_LENGTH, { message: AUTH_TEXT.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: AUTH_TEXT.passwordTooLong });

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
  rememberMe: z.boolean(),
});

/**
 * "Wachtwoorden komen niet overeen" on confirmPassword. It also shows while other fields are still
 * wrong (zod would otherwise skip the check until the rest is valid), so all messages come at once.
 */
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatchOnConfirm = {
  message: AUTH_TEXT.passwordMismatch,
  path: ["confirmPassword"],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === "string" && typeof v.confirmPassword === "string";
  },
};

export const registerSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: textField(AUTH_TEXT.passwordMismatch),
  })
  .refine(passwordsMatch, mismatchOnConfirm);

export const emailOnlySchema = z.object({ email: emailField });

export const newPasswordSchema = z
  .object({ password: passwordField, confirmPassword: textField(AUTH_TEXT.passwordMismatch) })
  .refine(passwordsMatch, mismatchOnConfirm);

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

export type AuthField = "email" | "password" | "confirmPassword";
export type AuthFieldErrors = Partial<Record<AuthField, string>>;
export type AuthMode = "login" | "register";

/** `/login?mode=registreren` opens the page in register mode ("Registreer hier" without JavaScript). */
export const REGISTER_MODE_PARAM = "registreren";

export type Validation<T> = FormValidation<T, AuthField>;

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

function validate<T>(schema: z.ZodType<T>, input: unknown): Validation<T> {
  return validateFields<T, AuthField>(schema, input);
}

/** The login form: e-mail, password and the remember-me checkbox (spec 1 §2.3). */
export function validateLogin(form: FormData): Validation<LoginInput> {
  return validate(loginSchema, {
    email: text(form, "email"),
    password: text(form, "password"),
    rememberMe: form.get("rememberMe") === "on",
  });
}

/** The register form: e-mail, password and its confirmation, which must match (spec 1 §5). */
export function validateRegister(form: FormData): Validation<RegisterInput> {
  return validate(registerSchema, {
    email: text(form, "email"),
    password: text(form, "password"),
    confirmPassword: text(form, "confirmPassword"),
  });
}

/** Forms that only ask for an address: resend the confirmation, forgotten password. */
export function validateEmailOnly(form: FormData): Validation<{ email: string }> {
  return validate(emailOnlySchema, { email: text(form, "email") });
}

/** Choosing a new password after a reset link. */
export function validateNewPassword(form: FormData): Validation<{ password: string }> {
  return validate(newPasswordSchema, {
    password: text(form, "password"),
    confirmPassword: text(form, "confirmPassword"),
  });
}

/**
 * Where to go after signing in: only a path on this site. The raw value must already look like one
 * (no absolute URL, no control characters); then it is normalised as a browser would, and the
 * normalised value, the one we write into a Location header or a hidden field, is checked again
 * (`localPathOf`), because "/.//evil.example" normalises to "//evil.example".
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !isLocalPath(to)) return fallback;
  try {
    const url = new URL(to, "http://trapkracht.invalid");
    if (url.origin !== "http://trapkracht.invalid") return fallback;
    return localPathOf(url, { hash: true }) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A message for the whole form: a toast title with its description, and the same text inline. */
export type AuthFormError = { title: string; message: string };

/**
 * What POST /login answers when it does not redirect (validation errors, a refused sign-in, the
 * dialog's successes). The typed e-mail address comes back so the form keeps it; a password never does.
 */
export type AuthAnswer =
  | {
      intent: AuthMode;
      ok: false;
      email: string;
      errors: AuthFieldErrors;
      formError: AuthFormError;
      /** Right password, unconfirmed address: the form offers to resend the confirmation mail. */
      unverified?: boolean;
    }
  | { intent: "login"; ok: true }
  | { intent: "register"; ok: true; email: string }
  | { intent: "resend"; ok: boolean; email: string; message: string };

/** The address as typed, to put back into the form after an error (trimmed, bounded). */
export function typedEmail(form: FormData): string {
  return text(form, "email").trim().slice(0, 254);
}
