import { data } from "react-router";
import type { Route } from "./+types/admin-splat.route";
import { requireAdmin } from "~/features/accounts/index.server";

/**
 * Every /admin/* path that is no tab or page: 404. The guard comes first, so a non-admin learns
 * nothing, not even what exists.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data("Not found", { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  throw data("Not found", { status: 404 });
}

export function meta() {
  return [{ title: "Admin | Trapkracht" }, { name: "robots", content: "noindex" }];
}

export default function AdminNotFound() {
  return null;
}
