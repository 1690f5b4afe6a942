import type { GenericOAuthConfig } from "better-auth/plugins";
import type { Config } from "~/config/env.server";
import type { AppContext } from "~/context";
import { hitRateLimit } from "~/domain/security/rate-limit.server";
import { redirectWithFlash, type Flash } from "~/lib/flash.server";
import { stravaPlaceholderEmail } from "./strava-placeholder";
import { stravaReturnPath } from "./strava-return-path";

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

/** Spec 2 §8 Authentication: Strava failures and the unexpected case. */
export const STRAVA_FAILED = "Strava authenticatie mislukt";
export const STRAVA_UNEXPECTED = "Er is een fout opgetreden tijdens de Strava authenticatie";
export const STRAVA_NOT_CONFIGURED = "Inloggen met Strava is niet beschikbaar.";
export const STRAVA_RATE_LIMITED =
  "Te veel pogingen om in te loggen met Strava. Probeer het over een kwartier opnieuw.";

const START_LIMIT = { limit: 20, windowSeconds: 15 * 60 };

type StartDeps = Pick<AppContext, "auth" | "config" | "db" | "logger" | "clientIp">;

/**
 * POST /auth/strava: asks better-auth for Strava's authorisation URL (it stores the state and sets
 * the state cookie) and sends the browser there. Every failure goes back to the page the button was
 * on, with the spec's toast.
 */
export async function startStravaSignIn(request: Request, deps: StartDeps): Promise<Response> {
  const { auth, config, db, logger, clientIp } = deps;
  const back = stravaReturnPath(request.headers.get("referer"), config.publicUrl);
  const fail = (flash: Flash) => redirectWithFlash(config, back, flash);

  if (!config.strava) return fail({ kind: "error", title: STRAVA_FAILED, description: STRAVA_NOT_CONFIGURED });

  try {
    const limit = await hitRateLimit(db, { key: `strava-start:ip:${clientIp}`, ...START_LIMIT });
    if (!limit.allowed) return fail({ kind: "error", title: STRAVA_FAILED, description: STRAVA_RATE_LIMITED });

    const res = await auth.api.signInSocial({
      body: {
        provider: "strava",
        callbackURL: STRAVA_CALLBACK_PATH,
        newUserCallbackURL: STRAVA_CALLBACK_PATH,
        errorCallbackURL: STRAVA_CALLBACK_PATH,
        disableRedirect: true,
      },
      headers: request.headers,
      asResponse: true,
    });
    const body = (await res.json().catch(() => null)) as { url?: unknown; message?: unknown } | null;
    if (!res.ok || typeof body?.url !== "string") {
      logger.warn({ status: res.status, message: body?.message }, "strava sign-in could not start");
      return fail({
        kind: "error",
        title: STRAVA_FAILED,
        description: "Strava is nu niet bereikbaar. Probeer het later opnieuw.",
      });
    }
    const headers = new Headers({ Location: body.url, "Cache-Control": "no-store" });
    for (const cookie of res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return new Response(null, { status: 302, headers });
  } catch (error) {
    logger.error({ err: error }, "strava sign-in failed unexpectedly");
    return fail({ kind: "error", title: STRAVA_UNEXPECTED });
  }
}
