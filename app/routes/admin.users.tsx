import { textParam } from "~/lib/text-input";
import { data } from "react-router";
import type { Route } from "./+types/admin.users";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { errorText } from "~/components/admin/error-text";
import {
  DEACTIVATE_WARNING,
  UsersPanel,
  type UserListData,
  type UsersActionResult,
} from "~/components/admin/users-panel";
import { findUserEmail, listUsers, setUserActive } from "~/domain/admin/users.server";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { readForm } from "~/lib/form.server";
import { formatAdminDateTime } from "~/shared/dates/admin-dates";

export function meta() {
  return [{ title: "Users | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** The Users tab (spec 1 §2.15): every account, 50 a page, with Deactivate/Reactivate. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const url = new URL(request.url);
  try {
    const page = await listUsers(context.db, { page: Number(url.searchParams.get("page")) || 1 });
    const users: UserListData = {
      ...page,
      users: page.users.map((user) => ({
        ...user,
        createdAt: user.createdAt.toISOString(),
        createdAtText: formatAdminDateTime(user.createdAt),
        isSelf: user.id === viewer.id,
      })),
    };
    return { users, usersError: null };
  } catch (error) {
    // Spec 1 §2.15: the Users tab shows a load error in red text; the rest of the dashboard stays.
    context.logger.error({ err: error }, "admin user list failed");
    return { users: null, usersError: `Failed to load users: ${errorText(error)}` };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  // Without JavaScript, "Deactivate" first asks on the page itself (with JavaScript a dialog asks):
  // nothing changes until the question's own form is sent.
  if (intent === "confirm-deactivate") {
    const userId = textParam(String(form.get("userId") ?? "")) ?? "";
    const email = userId && userId !== viewer.id ? await findUserEmail(context.db, userId) : null;
    if (!email) {
      return data<UsersActionResult>(
        {
          ok: false,
          intent,
          title: "Failed to update user",
          description: userId === viewer.id ? "You cannot deactivate your own account." : "User not found.",
        },
        { status: userId === viewer.id ? 400 : 404 },
      );
    }
    return data<UsersActionResult>({
      ok: true,
      intent,
      title: `Deactivate ${email}?`,
      description: DEACTIVATE_WARNING,
      confirmUserId: userId,
    });
  }
  if (intent !== "deactivate" && intent !== "reactivate") {
    return data<AdminActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    );
  }
  const userId = textParam(String(form.get("userId") ?? "")) ?? "";
  try {
    const result = await setUserActive(
      context.db,
      { id: viewer.id, email: viewer.email },
      { userId, active: intent === "reactivate" },
    );
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

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  return <UsersPanel list={loaderData.users} loadError={loaderData.usersError} result={actionData} />;
}
