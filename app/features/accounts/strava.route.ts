import { redirect } from "react-router";
import type { Route } from "./+types/strava.route";
import { startStravaSignIn } from "./strava-sign-in.server";
import { stravaReturnPath } from "./strava-return-path";
import { redirectWithFlash } from "~/shared/actions/flash.server";

/**
 * POST /auth/strava: the "Inloggen met Strava" / "Registreren met Strava" buttons (a form with a
 * hidden intent). Both intents start the same flow: Strava decides whether the athlete is new. A
 * failure goes back to the page the button was on (its Referer, when it is ours) with the toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const started = await startStravaSignIn(context.db, context, {
    clientIp: context.clientIp,
    headers: request.headers,
  });
  if (!started.ok) {
    const back = stravaReturnPath(request.headers.get("referer"), context.config.publicUrl);
    return redirectWithFlash(context.config, back, started.flash);
  }
  const headers = new Headers({ Location: started.url, "Cache-Control": "no-store" });
  for (const cookie of started.setCookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/** A GET (an old bookmark, a typed URL) starts nothing: sign-in is a POST from our own page. */
export function loader() {
  return redirect("/");
}
