import { Search } from "lucide-react";
import { useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { ConfirmDialog } from "~/shared/ui/confirm-dialog";
import { useHydrated } from "~/shared/hydration/use-hydrated";
import { Badge } from "~/shared/ui/badge";
import { Button, buttonVariants } from "~/shared/ui/button";
import { Input } from "~/shared/ui/input";
import { Loader2 } from "~/shared/ui/icons";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { useResultToast } from "~/shared/admin-ui/admin-actions";
import { ActionMessage } from "~/shared/admin-ui/action-message";
import { ChangeHistoryLink } from "~/features/admin-changes";

export type UserListItem = {
  id: string;
  email: string;
  name: string | null;
  role: "customer" | "admin";
  isActive: boolean;
  /** ISO timestamp for <time>, and the same moment as text (formatted on the server: no hydration drift). */
  createdAt: string;
  createdAtText: string;
  /** The signed-in admin's own row: they cannot deactivate themselves. */
  isSelf: boolean;
};

/**
 * The Users tab's answers; a question asked without JavaScript (deactivate, change role) carries the
 * form that answers it.
 */
export type UsersActionResult = AdminActionResult & {
  confirm?: { intent: "deactivate" | "set-role"; userId: string; role?: "admin" | "customer"; label: string };
};

export const DEACTIVATE_WARNING =
  "They are signed out at once and can no longer sign in until an admin reactivates the account.";

export const LAST_ADMIN_MESSAGE =
  "This is the last active admin: the shop must keep one. Make another user admin first.";

/** The question before a role change, the same with and without JavaScript. */
export function roleQuestion(email: string, role: "admin" | "customer", isSelf: boolean) {
  if (role === "admin") {
    return {
      title: `Make ${email} an admin?`,
      description: "They can then see every order and customer and change products, settings and users.",
      confirmLabel: "Make admin",
    };
  }
  return {
    title: isSelf ? "Make yourself a customer?" : `Make ${email} a customer?`,
    description: isSelf
      ? "You lose access to the admin dashboard at once; another admin can give it back."
      : "They lose access to the admin dashboard at once; their account and orders stay.",
    confirmLabel: "Make customer",
  };
}

/** The list's own address (the forms post back to it, so the page and search stay). */
function usersPath(page: number, q: string): string {
  return `/admin/users?page=${page}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
}

export type UserListData = { users: UserListItem[]; total: number; page: number; pageCount: number };

/**
 * The Users tab (spec 1 §2.15): every account with its role and status, and Deactivate/Reactivate.
 * Each row's button is a POST form (works without JavaScript); with JavaScript a fetcher sends it,
 * the row shows a busy label and the answer comes as a toast.
 */
export function UsersPanel({
  list,
  q = "",
  loadError,
  result,
}: {
  list: UserListData | null;
  /** The search the list is filtered by ("" for everyone). */
  q?: string;
  loadError: string | null;
  /** The answer to a form sent without JavaScript (a fetcher's answer is a toast instead). */
  result: UsersActionResult | undefined;
}) {
  const confirming = result?.confirm ? result : null;
  const page = list?.page ?? 1;
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Users
        </h2>
        {list ? (
          <p className="text-sm text-muted" aria-live="polite">
            {`${list.total} ${list.total === 1 ? "user" : "users"}${q ? " found" : ""}`}
          </p>
        ) : null}
      </div>
      <UserSearch q={q} />
      {confirming ? (
        <ConfirmQuestion result={confirming} action={usersPath(page, q)} />
      ) : (
        <ActionMessage result={result} />
      )}
      {loadError ? (
        <p role="alert" className="font-medium text-danger">
          {loadError}
        </p>
      ) : null}
      {list ? (
        list.users.length === 0 ? (
          <p className="text-muted">{q ? "No users match this search." : "No users yet."}</p>
        ) : (
          <>
            {/* A phone gets a list of cards (every action in view); from a tablet up, the table. */}
            <ul aria-label="Users" className="space-y-3 md:hidden">
              {list.users.map((user) => (
                <UserCard key={user.id} user={user} action={usersPath(list.page, q)} />
              ))}
            </ul>
            {/* Focusable so keyboard users can scroll it sideways if it ever overflows. */}
            <div
              role="region"
              aria-label="Users table"
              tabIndex={0}
              // relative: the buttons' sr-only text is positioned inside the scroller, not beyond the page.
              className="relative hidden overflow-x-auto rounded-lg border border-line md:block"
            >
              <table className="w-full border-collapse text-left text-sm whitespace-nowrap">
                <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Email
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Name
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Role
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Created At
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.users.map((user) => (
                    <UserRow key={user.id} user={user} action={usersPath(list.page, q)} />
                  ))}
                </tbody>
              </table>
            </div>
            {list.pageCount > 1 ? <UserPaging page={list.page} pageCount={list.pageCount} q={q} /> : null}
          </>
        )
      ) : null}
    </section>
  );
}

function NoName() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">No name</span>
    </>
  );
}

function RoleBadge({ user }: { user: UserListItem }) {
  return (
    <Badge variant={user.role === "admin" ? "default" : "outline"}>
      {user.role === "admin" ? "Admin" : "Customer"}
    </Badge>
  );
}

function StatusBadge({ user }: { user: UserListItem }) {
  return <Badge variant={user.isActive ? "default" : "danger"}>{user.isActive ? "Active" : "Inactive"}</Badge>;
}

function UserRow({ user, action }: { user: UserListItem; action: string }) {
  return (
    <tr className="border-t border-line align-middle">
      <th scope="row" className="px-4 py-3 font-medium text-ink">
        {user.email}
        {user.isSelf ? <span className="ml-1 font-normal text-muted">(you)</span> : null}
      </th>
      <td className="px-4 py-3">{user.name ?? <NoName />}</td>
      <td className="px-4 py-3">
        <RoleBadge user={user} />
      </td>
      <td className="px-4 py-3">
        <StatusBadge user={user} />
      </td>
      <td className="px-4 py-3">
        <time dateTime={user.createdAt}>{user.createdAtText}</time>
      </td>
      <td className="px-4 py-3 text-right">
        <div className="flex items-center justify-end gap-3">
          <ChangeHistoryLink entityType="user" entityId={user.id} label={user.email} />
          <UserRoleAction user={user} action={action} />
          <UserStatusAction user={user} action={action} />
        </div>
      </td>
    </tr>
  );
}

/** One user on a phone: everything the table row shows, stacked, with the actions in view. */
function UserCard({ user, action }: { user: UserListItem; action: string }) {
  const headingId = `user-card-${user.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-4">
        <h3 id={headingId} className="font-medium break-all text-ink">
          {user.email}
          {user.isSelf ? (
            <span className="ml-1 font-normal break-normal whitespace-nowrap text-muted">(you)</span>
          ) : null}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted">Name</dt>
          <dd className="break-words">{user.name ?? <NoName />}</dd>
          <dt className="text-muted">Role</dt>
          <dd>
            <RoleBadge user={user} />
          </dd>
          <dt className="text-muted">Status</dt>
          <dd>
            <StatusBadge user={user} />
          </dd>
          <dt className="text-muted">Created At</dt>
          <dd>
            <time dateTime={user.createdAt}>{user.createdAtText}</time>
          </dd>
        </dl>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
          <ChangeHistoryLink entityType="user" entityId={user.id} label={user.email} />
          <div className="flex flex-wrap gap-2">
            <UserRoleAction user={user} action={action} />
            <UserStatusAction user={user} action={action} />
          </div>
        </div>
      </article>
    </li>
  );
}

/**
 * Deactivate/Reactivate as a POST form (works without JavaScript). With JavaScript, "Deactivate"
 * first asks (it signs the user out at once); a fetcher sends it, the button shows a busy label and
 * the answer comes as a toast. Reactivating asks nothing: it takes nothing away.
 */
function UserStatusAction({ user, action }: { user: UserListItem; action: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const [confirming, setConfirming] = useState(false);
  // Only once hydrated does the button open a dialog (before that it posts the no-JS question).
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== "idle";
  const intent = user.isActive ? "deactivate" : "reactivate";
  const label = user.isActive ? "Deactivate" : "Reactivate";
  if (user.isSelf) return <span className="text-xs text-muted">Your own account</span>;
  return (
    <>
      <fetcher.Form method="post" action={action}>
        {/* Without JavaScript, Deactivate asks on the page first (intent confirm-deactivate). */}
        <input type="hidden" name="intent" value={user.isActive ? "confirm-deactivate" : intent} />
        <input type="hidden" name="userId" value={user.id} />
        <Button
          ref={button}
          type="submit"
          size="sm"
          variant="outline"
          // Not `disabled`: the button keeps keyboard focus while it works and after its label changes.
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          aria-haspopup={user.isActive && hydrated ? "dialog" : undefined}
          onClick={(event) => {
            if (busy) {
              event.preventDefault();
              return;
            }
            if (user.isActive) {
              event.preventDefault();
              setConfirming(true);
            }
          }}
          className={user.isActive ? "min-w-32 text-danger" : "min-w-32"}
        >
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {busy ? (user.isActive ? "Deactivating…" : "Reactivating…") : label}
          <span className="sr-only">{` ${user.email}`}</span>
        </Button>
      </fetcher.Form>
      {user.isActive ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Deactivate ${user.email}?`}
          description={DEACTIVATE_WARNING}
          confirmLabel="Deactivate user"
          cancelLabel="Cancel"
          onConfirm={() => fetcher.submit({ intent, userId: user.id }, { method: "post", action })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * Make admin / Make customer as a POST form. Without JavaScript it asks on the page first (intent
 * confirm-role); with JavaScript a dialog asks, a fetcher sends the change, the button shows a busy
 * label and the answer comes as a toast. The server refuses to demote the last active admin.
 */
function UserRoleAction({ user, action }: { user: UserListItem; action: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== "idle";
  const role = user.role === "admin" ? "customer" : "admin";
  const label = role === "admin" ? "Make admin" : "Make customer";
  const question = roleQuestion(user.email, role, user.isSelf);
  return (
    <>
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="confirm-role" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="role" value={role} />
        <Button
          ref={button}
          type="submit"
          size="sm"
          variant="outline"
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          aria-haspopup={hydrated ? "dialog" : undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!busy) setConfirming(true);
          }}
          className="min-w-32"
        >
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {busy ? "Changing…" : label}
          <span className="sr-only">{` ${user.email}`}</span>
        </Button>
      </fetcher.Form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={question.title}
        description={question.description}
        confirmLabel={question.confirmLabel}
        cancelLabel="Cancel"
        onConfirm={() => fetcher.submit({ intent: "set-role", userId: user.id, role }, { method: "post", action })}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      />
    </>
  );
}

/** A question asked of a browser without JavaScript (deactivate, change role): its own form makes the change. */
function ConfirmQuestion({ result, action }: { result: UsersActionResult; action: string }) {
  const confirm = result.confirm!;
  const id = confirm.intent === "deactivate" ? "deactivate-question" : "role-question";
  return (
    <section
      aria-labelledby={id}
      aria-describedby={`${id}-description`}
      className="rounded-lg border border-red-200 bg-red-50 p-4"
    >
      <h3 id={id} className="font-semibold break-words">
        {result.title}
      </h3>
      <p id={`${id}-description`} className="text-sm">
        {result.description}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <form method="post" action={action}>
          <input type="hidden" name="intent" value={confirm.intent} />
          <input type="hidden" name="userId" value={confirm.userId} />
          {confirm.role ? <input type="hidden" name="role" value={confirm.role} /> : null}
          <Button type="submit" variant="destructive">
            {confirm.label}
          </Button>
        </form>
        <Link to={action} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
      </div>
    </section>
  );
}

/** Search by name or e-mail: a GET form, so the search lives in the URL and works without JavaScript. */
function UserSearch({ q }: { q: string }) {
  return (
    <Form
      method="get"
      action="/admin/users"
      role="search"
      aria-label="Search users"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4 sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor="users-q" className="text-sm font-medium">
          Search
        </label>
        <Input
          id="users-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Name or e-mail"
          autoComplete="off"
        />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
        {q ? (
          <Link to="/admin/users" className="text-sm font-medium text-brand-700 underline">
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function UserPaging({ page, pageCount, q }: { page: number; pageCount: number; q: string }) {
  const link = "inline-flex h-9 items-center rounded-md border border-line px-3 text-sm font-medium hover:bg-surface";
  return (
    <nav aria-label="Users pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={usersPath(page - 1, q)} className={link}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">{`Page ${page} of ${pageCount}`}</p>
      {page < pageCount ? (
        <Link to={usersPath(page + 1, q)} className={link}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
