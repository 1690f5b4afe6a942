import { redirect } from "react-router";
import type { Route } from "./+types/auth.strava";
import { startStravaSignIn } from "~/domain/auth/strava-sign-in.server";

/**
 * POST /auth/strava: the "Inloggen met Strava" / "Registreren met Strava" buttons (a form with a
 * hidden intent). Both intents start the same flow: Strava decides whether the athlete is new.
 */
export function action({ request, context }: Route.ActionArgs) {
  return startStravaSignIn(request, context);
}

/** A GET (an old bookmark, a typed URL) starts nothing: sign-in is a POST from our own page. */
export function loader() {
  return redirect("/");
}
