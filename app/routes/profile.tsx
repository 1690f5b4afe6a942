import type { Route } from "./+types/profile";
import { ProfilePage } from "~/components/account/profile-page";
import { rootOrigin } from "~/components/content/static-page";
import { loadProfilePage, submitProfileForm } from "~/domain/accounts/account-pages.server";
import { pageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Mijn account",
    description: "Uw gegevens bij Trapkracht.",
    origin: rootOrigin(matches),
    path: "/profile",
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProfilePage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitProfileForm(request, context, "/profile");
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage profile={loaderData.profile} result={actionData} action="/profile" />;
}
