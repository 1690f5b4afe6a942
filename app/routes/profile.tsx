import type { Route } from "./+types/profile";
import { ProfilePage } from "~/components/account/profile-page";
import { profilePageMeta } from "~/components/account/profile-meta";
import { loadProfilePage, submitProfileForm } from "~/domain/accounts/account-pages.server";

export const meta = profilePageMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProfilePage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitProfileForm(request, context, "/profile");
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage profile={loaderData.profile} result={actionData} action="/profile" />;
}
