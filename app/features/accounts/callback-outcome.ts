/**
 * What /auth/callback tells the shopper. The page is the return point of the Strava sign-in (errors
 * as `?error=<code>` from better-auth's OAuth callback, or Strava's own `access_denied`) and of the
 * e-mail verification link (`?bevestigd=1`, with `?error=TOKEN_EXPIRED` etc. when the link failed).
 * Spec 2 §8: the toast is 'Authenticatie mislukt' or 'Succesvol ingelogd'.
 */
export const CALLBACK_FAILED = "Authenticatie mislukt";
export const CALLBACK_SUCCESS = "Succesvol ingelogd";
export const CALLBACK_CONFIRMED = "Je e-mailadres is bevestigd.";
export const CALLBACK_BUSY = "Bezig met authenticatie...";

export type CallbackMessage = { kind: "success" | "error" | "info"; title: string; description?: string };

export type CallbackOutcome =
  /** A new Strava user still has to give an e-mail address: straight on to that form. */
  | { type: "redirect"; to: string }
  /** Show the message (toast, and text without JavaScript), then go to `next`. */
  | { type: "show"; message: CallbackMessage; next: string };

const CANCELLED = "Je hebt het inloggen met Strava geannuleerd.";
const RETRY_STRAVA = "De inlogpoging met Strava is verlopen of ongeldig. Probeer het opnieuw.";
const STRAVA_REFUSED = "Strava kon je inlogpoging niet bevestigen. Probeer het opnieuw.";
const INACTIVE = "Dit account is gedeactiveerd. Neem contact op met de klantenservice.";
const LINK_EXPIRED = "De bevestigingslink is verlopen. Log in om een nieuwe link aan te vragen.";
const LINK_INVALID = "De bevestigingslink is ongeldig of al gebruikt. Log in om een nieuwe link aan te vragen.";
const NO_ACCOUNT = "Bij deze bevestigingslink hoort geen account meer. Registreer je opnieuw.";
const GENERIC = "Er ging iets mis bij het inloggen. Probeer het opnieuw.";

/** Dutch explanations of the error codes better-auth and Strava put in `?error=`. */
const DESCRIPTIONS: Record<string, string> = {
  // Strava: the athlete pressed "Cancel" (RFC 6749 §4.1.2.1).
  access_denied: CANCELLED,
  // better-auth's state checks: an old tab, a replayed or forged callback, cookies blocked.
  state_not_found: RETRY_STRAVA,
  state_mismatch: RETRY_STRAVA,
  state_invalid: RETRY_STRAVA,
  state_security_mismatch: RETRY_STRAVA,
  invalid_callback_request: RETRY_STRAVA,
  no_callback_url: RETRY_STRAVA,
  // The code exchange or the athlete lookup failed at Strava's side.
  no_code: STRAVA_REFUSED,
  invalid_code: STRAVA_REFUSED,
  unable_to_get_user_info: STRAVA_REFUSED,
  email_not_found: STRAVA_REFUSED,
  oauth_provider_not_found: "Inloggen met Strava is niet beschikbaar.",
  invalid_request: STRAVA_REFUSED,
  server_error: "Strava is nu niet bereikbaar. Probeer het later opnieuw.",
  temporarily_unavailable: "Strava is nu niet bereikbaar. Probeer het later opnieuw.",
  // Our session hook refuses inactive users.
  ACCOUNT_INACTIVE: INACTIVE,
  // better-auth's verify-email link.
  TOKEN_EXPIRED: LINK_EXPIRED,
  INVALID_TOKEN: LINK_INVALID,
  USER_NOT_FOUND: NO_ACCOUNT,
  INVALID_USER: LINK_INVALID,
};

export function describeCallbackError(code: string): string {
  return Object.hasOwn(DESCRIPTIONS, code) ? DESCRIPTIONS[code]! : GENERIC;
}

export function callbackOutcome(input: {
  error: string | null;
  /** `?bevestigd=1`: the page was reached through the e-mail verification link. */
  confirmed: boolean;
  viewer: { needsEmail: boolean } | null;
}): CallbackOutcome {
  const { error, confirmed, viewer } = input;
  if (error) {
    return {
      type: "show",
      message: { kind: "error", title: CALLBACK_FAILED, description: describeCallbackError(error) },
      next: "/",
    };
  }
  if (viewer?.needsEmail) return { type: "redirect", to: "/auth/email" };
  if (viewer) {
    return {
      type: "show",
      message: { kind: "success", title: CALLBACK_SUCCESS, description: confirmed ? CALLBACK_CONFIRMED : undefined },
      next: "/",
    };
  }
  if (confirmed) {
    // better-auth sends an already verified address here without signing in (a second click, or
    // another browser): the address is fine, the person just has to sign in.
    return {
      type: "show",
      message: {
        kind: "info",
        title: "E-mailadres bevestigd",
        description: "Log in met je e-mailadres en wachtwoord.",
      },
      next: "/",
    };
  }
  return {
    type: "show",
    message: { kind: "error", title: CALLBACK_FAILED, description: "Je bent niet ingelogd. Probeer het opnieuw." },
    next: "/",
  };
}
