import type { Route } from "./+types/profile.route";
import { ProfilePage } from "./profile-page";
import { profilePageMeta } from "./profile-meta";
import { loadProfilePage, profilePageAction } from "./account-pages.http.server";

export const meta = profilePageMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProfilePage(request, context);
}

export const action = profilePageAction("/profile");

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePage profile={loaderData.profile} address={loaderData.address} result={actionData} action="/profile" />
  );
}
