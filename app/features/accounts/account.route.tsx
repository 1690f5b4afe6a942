import { redirect } from "react-router";
import type { Route } from "./+types/account.route";
import { ProfilePage } from "./profile-page";
import { profilePageMeta } from "./profile-meta";
import { loadProfilePage, profilePageAction } from "./account-pages.http.server";
import { getViewer } from "./viewer.http.server";

export const meta = profilePageMeta;

/**
 * Spec 1 §2.1: the profile when signed in, otherwise on to /profile (which sends a guest to /). The
 * spec's "Loading..." until the session is known has no counterpart here: the server knows the
 * session before it sends any HTML, so the page arrives either as the profile or as a redirect.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getViewer(request, context))) throw redirect("/profile");
  return loadProfilePage(request, context);
}

export const action = profilePageAction("/account");

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePage profile={loaderData.profile} address={loaderData.address} result={actionData} action="/account" />
  );
}
