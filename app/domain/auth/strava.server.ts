import type { GenericOAuthConfig } from "better-auth/plugins";
import type { Config } from "~/config/env.server";

/**
 * Strava returns no e-mail address. A first-time Strava user gets a placeholder address under the
 * reserved .invalid domain (it can never receive mail) until they give and confirm a real one.
 */
export const STRAVA_PLACEHOLDER_DOMAIN = "strava.invalid";

export function stravaPlaceholderEmail(athleteId: string | number): string {
  return `strava-${athleteId}@${STRAVA_PLACEHOLDER_DOMAIN}`;
}

export function isStravaPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${STRAVA_PLACEHOLDER_DOMAIN}`);
}

type StravaAthlete = { id: number | string; firstname?: string; lastname?: string; profile?: string };

/**
 * Strava's OAuth 2 authorisation-code flow through better-auth's generic OAuth plugin. Strava does not
 * support PKCE (state is still checked); its token answer already carries the athlete, so no separate
 * user-info call is needed.
 */
export function stravaProvider(strava: NonNullable<Config["strava"]>): GenericOAuthConfig {
  return {
    providerId: "strava",
    name: "Strava",
    clientId: strava.clientId,
    clientSecret: strava.clientSecret,
    authorizationUrl: strava.authorizationUrl,
    tokenUrl: strava.tokenUrl,
    // Strava wants its scopes comma-joined in one value.
    scopes: ["read"],
    pkce: false,
    authentication: "post",
    getUserInfo: async (tokens) => {
      const athlete = tokens.raw?.athlete as StravaAthlete | undefined;
      if (!athlete?.id) return null;
      const name = [athlete.firstname, athlete.lastname].filter(Boolean).join(" ").trim();
      return {
        id: String(athlete.id),
        name: name || "Strava-gebruiker",
        email: stravaPlaceholderEmail(athlete.id),
        emailVerified: false,
        image: athlete.profile ?? undefined,
      };
    },
  };
}
