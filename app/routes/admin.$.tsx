import { data, Link } from "react-router";
import type { Route } from "./+types/admin.$";
import { AdminError } from "~/components/admin/admin-error";
import { AdminShell, ComingSoon } from "~/components/admin/admin-shell";
import { ADMIN_SECTIONS, parseAdminSection } from "~/components/admin/admin-tabs";
import { requireAdmin } from "~/domain/auth/viewer.server";

/** Every /admin/* path. The guard comes first, so a non-admin learns nothing, not even what exists. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const section = parseAdminSection(params["*"]);
  if (!section) throw data("Not found", { status: 404 });
  return { section, title: ADMIN_SECTIONS[section].title };
}

/** Nothing here takes a form yet; the guard still comes first. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  throw data("Method not allowed", { status: 405 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Admin"} | Trapkracht` }, { name: "robots", content: "noindex" }];
}

export default function AdminSection({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell activeTab={null} title={loaderData.title}>
      <ComingSoon>
        <Link to="/admin" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
          Back to the Admin Dashboard
        </Link>
      </ComingSoon>
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
