import type { GenericOAuthConfig } from "better-auth/plugins";
import type { Config } from "~/shared/config/env.server";
import { stravaPlaceholderEmail } from "./strava-placeholder";

export { isStravaPlaceholderEmail, stravaPlaceholderEmail, STRAVA_PLACEHOLDER_DOMAIN } from "./strava-placeholder";

/** Where Strava's answer ends, success or failure: our /auth/callback page (spec 2 §7.2). */
export const STRAVA_CALLBACK_PATH = "/auth/callback";

/** Strava's token answer carries the athlete; no separate profile call is needed. */
type StravaAthlete = { id?: number | string; firstname?: string; lastname?: string; profile?: string };

/**
 * Strava's OAuth 2 authorisation-code flow through better-auth's generic OAuth plugin.
 * - State: better-auth keeps it in the verifications table plus a signed cookie and checks both on
 *   the callback, so a forged or replayed callback is refused.
 * - No PKCE: Strava's authorize endpoint does not implement it (it ignores code_challenge), so
 *   `pkce: false` keeps the requests to what Strava documents; the client secret, sent from the
 *   server only, authenticates the code exchange instead.
 * - The client id and secret go in the token request's POST body, as Strava asks.
 * - Scopes: Strava wants them comma-joined in ONE value and better-auth joins entries with spaces,
 *   so more scopes would be a single entry ("read,activity:read"). We only need the public profile.
 * - Strava gives no e-mail address: the user gets a placeholder under .invalid, unverified, until
 *   they confirm a real one (strava-email.server.ts). Account linking by e-mail is off in
 *   auth.server.ts, so a Strava sign-in can never take over an existing account by itself.
 */
export function stravaProvider(strava: NonNullable<Config["strava"]>): GenericOAuthConfig {
  return {
    providerId: "strava",
    name: "Strava",
    clientId: strava.clientId,
    clientSecret: strava.clientSecret,
    authorizationUrl: strava.authorizationUrl,
    tokenUrl: strava.tokenUrl,
    scopes: ["read"],
    pkce: false,
    authentication: "post",
    getUserInfo: async (tokens) => {
      const athlete = tokens.raw?.athlete as StravaAthlete | undefined;
      if (athlete?.id === undefined || athlete.id === null || String(athlete.id).trim() === "") return null;
      const id = String(athlete.id);
      const name = [athlete.firstname, athlete.lastname]
        .map((part) => (typeof part === "string" ? part.trim() : ""))
        .filter(Boolean)
        .join(" ");
      return {
        id,
        name: name || "Strava-gebruiker",
        email: stravaPlaceholderEmail(id),
        emailVerified: false,
        // Strava answers "avatar/athlete/large.png" (a relative path) when there is no photo.
        image: typeof athlete.profile === "string" && /^https:\/\//.test(athlete.profile) ? athlete.profile : undefined,
      };
    },
  };
}
