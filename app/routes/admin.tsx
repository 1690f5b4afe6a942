import { data } from "react-router";
import type { Route } from "./+types/admin";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { AdminError } from "~/components/admin/admin-error";
import { AdminShell, ComingSoon } from "~/components/admin/admin-shell";
import { adminTabLabel, parseAdminTab } from "~/components/admin/admin-tabs";
import { SettingsPanel } from "~/components/admin/settings-panel";
import { UsersPanel, type UserListData } from "~/components/admin/users-panel";
import { listUsers, setUserActive } from "~/domain/admin/users.server";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { isMaintenanceMode, setMaintenanceMode } from "~/domain/settings/site-settings.server";
import { readForm } from "~/lib/form.server";
import { textParam } from "~/lib/text-input";

export function meta() {
  return [{ title: "Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

const createdAtFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

/** The database's own words (a failed query's cause), not the query text drizzle wraps around them. */
function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && cause.message ? cause.message : "Unknown error";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const url = new URL(request.url);
  const tab = parseAdminTab(url.searchParams.get("tab"));

  let users: UserListData | null = null;
  let usersError: string | null = null;
  let maintenance = false;
  if (tab === "users") {
    try {
      const page = await listUsers(context.db, { page: Number(url.searchParams.get("page")) || 1 });
      users = {
        ...page,
        users: page.users.map((user) => ({
          ...user,
          createdAt: user.createdAt.toISOString(),
          createdAtText: createdAtFormat.format(user.createdAt),
          isSelf: user.id === viewer.id,
        })),
      };
    } catch (error) {
      // Spec 1 §2.15: the Users tab shows a load error in red text; the rest of the dashboard stays.
      context.logger.error({ err: error }, "admin user list failed");
      usersError = `Failed to load users: ${errorText(error)}`;
    }
  } else if (tab === "settings") {
    maintenance = await isMaintenanceMode(context.db);
  }
  return { tab, users, usersError, maintenance };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "deactivate" || intent === "reactivate") {
    const userId = textParam(String(form.get("userId") ?? "")) ?? "";
    try {
      const result = await setUserActive(context.db, { actorId: viewer.id, userId, active: intent === "reactivate" });
      if (!result.ok) {
        const self = result.reason === "self";
        return data<AdminActionResult>(
          {
            ok: false,
            intent,
            title: "Failed to update user",
            description: self ? "You cannot deactivate your own account." : "User not found.",
          },
          { status: self ? 400 : 404 },
        );
      }
      context.logger.info({ userId, intent, by: viewer.id }, "admin changed user status");
      return data<AdminActionResult>({
        ok: true,
        intent,
        title: intent === "deactivate" ? "User deactivated" : "User reactivated",
        description:
          intent === "deactivate"
            ? `${result.user.email} has been signed out and can no longer sign in.`
            : `${result.user.email} can sign in again.`,
      });
    } catch (error) {
      context.logger.error({ err: error }, "admin user status change failed");
      return data<AdminActionResult>(
        { ok: false, intent, title: "Failed to update user", description: errorText(error) },
        { status: 500 },
      );
    }
  }

  if (intent === "maintenance") {
    const wanted = form.get("maintenance");
    if (wanted !== "on" && wanted !== "off") {
      return data<AdminActionResult>(
        {
          ok: false,
          intent,
          title: "Kon de onderhoudsmodus niet wijzigen",
          description: "Er is een onbekende fout opgetreden.",
        },
        { status: 400 },
      );
    }
    try {
      const on = await setMaintenanceMode(context.db, wanted === "on");
      context.logger.info({ maintenance: on, by: viewer.id }, "admin switched maintenance mode");
      return data<AdminActionResult>({
        ok: true,
        intent,
        title: on ? "Onderhoudsmodus ingeschakeld" : "Onderhoudsmodus uitgeschakeld",
        maintenance: on,
      });
    } catch (error) {
      context.logger.error({ err: error }, "maintenance mode switch failed");
      return data<AdminActionResult>(
        {
          ok: false,
          intent,
          title: "Kon de onderhoudsmodus niet wijzigen",
          description: "Er is een onbekende fout opgetreden.",
        },
        { status: 500 },
      );
    }
  }

  return data<AdminActionResult>(
    { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
    { status: 400 },
  );
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { tab } = loaderData;
  // A form sent without JavaScript answers here; only show it on the tab it belongs to.
  const result = actionData && (actionData.intent === "maintenance") === (tab === "settings") ? actionData : undefined;
  return (
    <AdminShell activeTab={tab}>
      {tab === "users" ? (
        <UsersPanel list={loaderData.users} loadError={loaderData.usersError} result={result} />
      ) : tab === "settings" ? (
        <SettingsPanel maintenance={loaderData.maintenance} result={result} />
      ) : (
        <ComingSoon title={adminTabLabel(tab)} />
      )}
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
