import type { AppContext } from "~/context";
import { hitRateLimit } from "~/domain/security/rate-limit.server";
import { redirectWithFlash, type Flash } from "~/lib/flash.server";
import { STRAVA_CALLBACK_PATH } from "./strava.server";
import { stravaReturnPath } from "./strava-return-path";

// Apart from strava.server.ts (the provider that auth.server.ts builds better-auth with): starting a
// sign-in needs the configured auth from the load context, and context → auth → strava must not
// lead back to the context.

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
