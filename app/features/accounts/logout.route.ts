import { redirect } from "react-router";
import type { Route } from "./+types/logout.route";
import { AUTH_TEXT } from "./credentials";
import { signOut } from "./sign-in.server";
import { redirectWithFlash } from "~/shared/actions/flash.server";

/**
 * POST /logout (the account menu's "Uitloggen" is a form, so it works without JavaScript): ends the
 * session and goes home with the spec's toast (spec 2 §8 Logout).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(context, request.headers);
  if (!result.ok) return redirectWithFlash(context.config, "/", { kind: "error", title: AUTH_TEXT.logoutFailed });
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return redirectWithFlash(context.config, "/", { kind: "success", title: AUTH_TEXT.loggedOut }, { headers });
}

/** Signing out changes state, so a GET (a link, a prefetch, a crawler) does nothing but go home. */
export function loader() {
  return redirect("/");
}
