import { textParam } from "~/lib/text-input";
import { data } from "react-router";
import type { Route } from "./+types/admin.users";
import type { AdminActionResult } from "~/components/admin/admin-actions";
import { errorText } from "~/components/admin/error-text";
import {
  DEACTIVATE_WARNING,
  LAST_ADMIN_MESSAGE,
  roleQuestion,
  UsersPanel,
  type UserListData,
  type UsersActionResult,
} from "~/components/admin/users-panel";
import {
  findUserEmail,
  findUserForRole,
  listUsers,
  setUserActive,
  setUserRole,
  USER_SEARCH_MAX_LENGTH,
} from "~/domain/admin/users.server";
import { requireAdmin } from "~/domain/auth/viewer.server";
import type { UserRole } from "~/db/schema";
import { redirectWithFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { formatAdminDateTime } from "~/shared/dates/admin-dates";

export function meta() {
  return [{ title: "Users | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** The search as typed, or "" with a message when it cannot be one (control characters, too long). */
function searchOf(url: URL): { q: string; error: string | null } {
  const raw = url.searchParams.get("q") ?? "";
  if (textParam(raw) === null) return { q: "", error: "The search may not contain control characters." };
  if (raw.length > USER_SEARCH_MAX_LENGTH) {
    return { q: "", error: `The search may be at most ${USER_SEARCH_MAX_LENGTH} characters long.` };
  }
  return { q: raw.trim(), error: null };
}

/** The Users tab (spec 1 §2.15): every account, 50 a page, searchable, with role and status changes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const url = new URL(request.url);
  const search = searchOf(url);
  if (search.error) return data({ users: null, q: "", usersError: search.error }, { status: 400 });
  try {
    const page = await listUsers(context.db, { page: Number(url.searchParams.get("page")) || 1, q: search.q });
    const users: UserListData = {
      ...page,
      users: page.users.map((user) => ({
        ...user,
        createdAt: user.createdAt.toISOString(),
        createdAtText: formatAdminDateTime(user.createdAt),
        isSelf: user.id === viewer.id,
      })),
    };
    return { users, q: search.q, usersError: null };
  } catch (error) {
    // Spec 1 §2.15: the Users tab shows a load error in red text; the rest of the dashboard stays.
    context.logger.error({ err: error }, "admin user list failed");
    return { users: null, q: search.q, usersError: `Failed to load users: ${errorText(error)}` };
  }
}

const roleOf = (value: FormDataEntryValue | null): UserRole | null =>
  value === "admin" || value === "customer" ? value : null;

function refused(intent: string, description: string, status: number) {
  return data<UsersActionResult>({ ok: false, intent, title: "Failed to update user", description }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const userId = textParam(String(form.get("userId") ?? "")) ?? "";
  // Without JavaScript, "Deactivate" and a role change first ask on the page itself (with JavaScript
  // a dialog asks): nothing changes until the question's own form is sent.
  if (intent === "confirm-deactivate") {
    const email = userId && userId !== viewer.id ? await findUserEmail(context.db, userId) : null;
    if (!email) {
      return userId === viewer.id
        ? refused(intent, "You cannot deactivate your own account.", 400)
        : refused(intent, "User not found.", 404);
    }
    return data<UsersActionResult>({
      ok: true,
      intent,
      title: `Deactivate ${email}?`,
      description: DEACTIVATE_WARNING,
      confirm: { intent: "deactivate", userId, label: "Deactivate user" },
    });
  }
  if (intent === "confirm-role") {
    const role = roleOf(form.get("role"));
    const user = userId ? await findUserForRole(context.db, userId) : null;
    if (!role) return refused(intent, "Choose admin or customer.", 400);
    if (!user) return refused(intent, "User not found.", 404);
    const question = roleQuestion(user.email, role, userId === viewer.id);
    return data<UsersActionResult>({
      ok: true,
      intent,
      title: question.title,
      description: question.description,
      confirm: { intent: "set-role", userId, role, label: question.confirmLabel },
    });
  }
  if (intent === "set-role") {
    const role = roleOf(form.get("role"));
    if (!role) return refused(intent, "Choose admin or customer.", 400);
    let result: Awaited<ReturnType<typeof setUserRole>>;
    try {
      result = await setUserRole(context.db, { id: viewer.id, email: viewer.email }, { userId, role });
    } catch (error) {
      context.logger.error({ err: error }, "admin user role change failed");
      return refused(intent, errorText(error), 500);
    }
    if (!result.ok) {
      return result.reason === "last-admin"
        ? refused(intent, LAST_ADMIN_MESSAGE, 409)
        : refused(intent, "User not found.", 404);
    }
    context.logger.info({ userId, role, by: viewer.id }, "admin changed user role");
    if (result.changed && userId === viewer.id) {
      // The admin pages this request would draw next are no longer theirs.
      throw redirectWithFlash(context.config, "/", {
        kind: "success",
        title: "You are now a customer",
        description: "You no longer have access to the admin dashboard.",
      });
    }
    const { email } = result.user;
    return data<UsersActionResult>({
      ok: true,
      intent,
      title: role === "admin" ? "User is now an admin" : "User is now a customer",
      description: !result.changed
        ? `${email} already had this role.`
        : role === "admin"
          ? `${email} can use the admin dashboard from their next page.`
          : `${email} has no access to the admin dashboard any more.`,
    });
  }
  if (intent !== "deactivate" && intent !== "reactivate") {
    return data<AdminActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    );
  }
  try {
    const result = await setUserActive(
      context.db,
      { id: viewer.id, email: viewer.email },
      { userId, active: intent === "reactivate" },
    );
    if (!result.ok) {
      if (result.reason === "self") return refused(intent, "You cannot deactivate your own account.", 400);
      if (result.reason === "last-admin") return refused(intent, LAST_ADMIN_MESSAGE, 409);
      return refused(intent, "User not found.", 404);
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
    return refused(intent, errorText(error), 500);
  }
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  return <UsersPanel list={loaderData.users} q={loaderData.q} loadError={loaderData.usersError} result={actionData} />;
}
