import { textParam } from "~/shared/forms/text-input";
import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/users.route";
import { errorText } from "~/shared/errors/error-text";
import {
  DEACTIVATE_WARNING,
  LAST_ADMIN_MESSAGE,
  roleQuestion,
  UsersPanel,
  type UserListData,
  type UsersActionResult,
} from "./users-panel";
import {
  findUserEmail,
  findUserForRole,
  listUsers,
  setUserActive,
  setUserRole,
  USER_SEARCH_MAX_LENGTH,
} from "./users.server";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import type { UserRole } from "~/db/schema";
import { redirectWithFlash } from "~/shared/actions/flash.server";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";
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

const userIdOf = (form: FormData) => textParam(String(form.get("userId") ?? "")) ?? "";

/** Deactivate or reactivate: one service call, two sets of words. */
const statusChange = (active: boolean) => ({
  parse: ({ form }: { form: FormData }) => userIdOf(form),
  run: async (
    userId: string,
    ctx: {
      intent: string;
      viewer: { id: string };
      actor: { id: string; email: string };
      context: AppLoadContext;
    },
  ) => {
    const result = await setUserActive(ctx.context.db, ctx.actor, { userId, active });
    if (!result.ok) {
      if (result.reason === "self") return refused(ctx.intent, "You cannot deactivate your own account.", 400);
      if (result.reason === "last-admin") return refused(ctx.intent, LAST_ADMIN_MESSAGE, 409);
      return refused(ctx.intent, "User not found.", 404);
    }
    ctx.context.logger.info({ userId, intent: ctx.intent, by: ctx.viewer.id }, "admin changed user status");
    return data<UsersActionResult>({
      ok: true,
      intent: ctx.intent,
      title: active ? "User reactivated" : "User deactivated",
      description: active
        ? `${result.user.email} can sign in again.`
        : `${result.user.email} has been signed out and can no longer sign in.`,
    });
  },
});

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    // Without JavaScript, "Deactivate" and a role change first ask on the page itself (with JavaScript
    // a dialog asks): nothing changes until the question's own form is sent.
    "confirm-deactivate": intent({
      parse: ({ form }) => userIdOf(form),
      run: async (userId, ctx) => {
        const email = userId && userId !== ctx.viewer.id ? await findUserEmail(ctx.context.db, userId) : null;
        if (!email) {
          return userId === ctx.viewer.id
            ? refused(ctx.intent, "You cannot deactivate your own account.", 400)
            : refused(ctx.intent, "User not found.", 404);
        }
        return data<UsersActionResult>({
          ok: true,
          intent: ctx.intent,
          title: `Deactivate ${email}?`,
          description: DEACTIVATE_WARNING,
          confirm: { intent: "deactivate", userId, label: "Deactivate user" },
        });
      },
    }),
    "confirm-role": intent({
      parse: ({ form }) => ({ userId: userIdOf(form), role: roleOf(form.get("role")) }),
      run: async ({ userId, role }, ctx) => {
        const user = userId ? await findUserForRole(ctx.context.db, userId) : null;
        if (!role) return refused(ctx.intent, "Choose admin or customer.", 400);
        if (!user) return refused(ctx.intent, "User not found.", 404);
        const question = roleQuestion(user.email, role, userId === ctx.viewer.id);
        return data<UsersActionResult>({
          ok: true,
          intent: ctx.intent,
          title: question.title,
          description: question.description,
          confirm: { intent: "set-role", userId, role, label: question.confirmLabel },
        });
      },
    }),
    "set-role": intent({
      parse: ({ form, intent: name }) => {
        const role = roleOf(form.get("role"));
        return role ? { userId: userIdOf(form), role } : refuse(refused(name, "Choose admin or customer.", 400));
      },
      run: async ({ userId, role }, ctx) => {
        const result = await setUserRole(ctx.context.db, ctx.actor, { userId, role });
        if (!result.ok) {
          return result.reason === "last-admin"
            ? refused(ctx.intent, LAST_ADMIN_MESSAGE, 409)
            : refused(ctx.intent, "User not found.", 404);
        }
        ctx.context.logger.info({ userId, role, by: ctx.viewer.id }, "admin changed user role");
        if (result.changed && userId === ctx.viewer.id) {
          // The admin pages this request would draw next are no longer theirs.
          throw redirectWithFlash(ctx.context.config, "/", {
            kind: "success",
            title: "You are now a customer",
            description: "You no longer have access to the admin dashboard.",
          });
        }
        const { email } = result.user;
        return data<UsersActionResult>({
          ok: true,
          intent: ctx.intent,
          title: role === "admin" ? "User is now an admin" : "User is now a customer",
          description: !result.changed
            ? `${email} already had this role.`
            : role === "admin"
              ? `${email} can use the admin dashboard from their next page.`
              : `${email} has no access to the admin dashboard any more.`,
        });
      },
    }),
    deactivate: intent(statusChange(false)),
    reactivate: intent(statusChange(true)),
  }),
  unknown: () =>
    data<UsersActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    ),
  logMessage: "admin user change failed",
  failed: (error, { intent }) => refused(intent, errorText(error), 500),
});

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  return <UsersPanel list={loaderData.users} q={loaderData.q} loadError={loaderData.usersError} result={actionData} />;
}
