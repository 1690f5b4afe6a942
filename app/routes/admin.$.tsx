import { data } from "react-router";
import type { Route } from "./+types/admin.$";
import { ComingSoon } from "~/components/admin/admin-shell";
import { findComingSoonPage } from "~/components/admin/admin-tabs";
import { requireAdmin } from "~/domain/auth/viewer.server";

/**
 * Every other /admin/* path: the tabs and pages a later issue builds ("Coming soon"), else 404.
 * The guard comes first, so a non-admin learns nothing, not even what exists.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const page = findComingSoonPage(params["*"]);
  if (!page) throw data("Not found", { status: 404 });
  return { title: page.title, isTab: page.tab !== null };
}

/** Nothing here takes a form yet; the guard still comes first. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  throw data("Method not allowed", { status: 405 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Admin"} | Trapkracht` }, { name: "robots", content: "noindex" }];
}

export default function AdminComingSoon({ loaderData }: Route.ComponentProps) {
  // On a tab the panel names itself; on a page of its own the shell's h1 already does.
  return <ComingSoon title={loaderData.isTab ? loaderData.title : undefined} />;
}
