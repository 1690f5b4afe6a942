import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import { hitRateLimit, type Client } from "~/shared/security/rate-limit.server";
import type { Flash } from "~/shared/actions/flash.server";
import type { AuthServices } from "./auth.server";
import { STRAVA_CALLBACK_PATH } from "./strava.server";

// Apart from strava.server.ts (the provider that auth.server.ts builds better-auth with): starting a
// sign-in needs the configured better-auth, and auth → strava must not lead back here.

/** Spec 2 §8 Authentication: Strava failures and the unexpected case. */
export const STRAVA_FAILED = "Strava authenticatie mislukt";
export const STRAVA_UNEXPECTED = "Er is een fout opgetreden tijdens de Strava authenticatie";
export const STRAVA_NOT_CONFIGURED = "Inloggen met Strava is niet beschikbaar.";
export const STRAVA_RATE_LIMITED =
  "Te veel pogingen om in te loggen met Strava. Probeer het over een kwartier opnieuw.";

const START_LIMIT = { limit: 20, windowSeconds: 15 * 60 };

/** Starting needs the Strava configuration (none: the button answers "not available"). */
export type StravaStartServices = AuthServices & { config: Pick<Config, "strava"> };

export type StravaStart = { ok: true; url: string; setCookies: string[] } | { ok: false; flash: Flash };

const failed = (description?: string): StravaStart => ({
  ok: false,
  flash: description ? { kind: "error", title: STRAVA_FAILED, description } : { kind: "error", title: STRAVA_FAILED },
});

/**
 * POST /auth/strava: asks better-auth for Strava's authorisation URL (it stores the state and
 * answers with the state cookie). The route sends the browser there with that cookie, or on any
 * failure back to the page the button was on with the spec's toast. `client.headers` are the
 * request's headers, handed on to better-auth as they are.
 */
export async function startStravaSignIn(
  db: Db,
  deps: StravaStartServices,
  client: Client & { headers: Headers },
): Promise<StravaStart> {
  const { auth, config, logger } = deps;
  if (!config.strava) return failed(STRAVA_NOT_CONFIGURED);

  try {
    const limit = await hitRateLimit(db, { key: `strava-start:ip:${client.clientIp}`, ...START_LIMIT });
    if (!limit.allowed) return failed(STRAVA_RATE_LIMITED);

    const res = await auth.api.signInSocial({
      body: {
        provider: "strava",
        callbackURL: STRAVA_CALLBACK_PATH,
        newUserCallbackURL: STRAVA_CALLBACK_PATH,
        errorCallbackURL: STRAVA_CALLBACK_PATH,
        disableRedirect: true,
      },
      headers: client.headers,
      asResponse: true,
    });
    const body = (await res.json().catch(() => null)) as { url?: unknown; message?: unknown } | null;
    if (!res.ok || typeof body?.url !== "string") {
      logger.warn({ status: res.status, message: body?.message }, "strava sign-in could not start");
      return failed("Strava is nu niet bereikbaar. Probeer het later opnieuw.");
    }
    return { ok: true, url: body.url, setCookies: res.headers.getSetCookie() };
  } catch (error) {
    logger.error({ err: error }, "strava sign-in failed unexpectedly");
    return { ok: false, flash: { kind: "error", title: STRAVA_UNEXPECTED } };
  }
}
