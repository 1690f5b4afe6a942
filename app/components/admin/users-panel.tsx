import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/cart/confirm-dialog";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Loader2 } from "~/components/ui/icons";
import type { AdminActionResult } from "./admin-actions";
import { useResultToast } from "./admin-actions";
import { ActionMessage } from "./action-message";
import { ChangeHistoryLink } from "./change-log";

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

/** The Users tab's answers; the no-JavaScript deactivation question carries the user it is about. */
export type UsersActionResult = AdminActionResult & { confirmUserId?: string };

export const DEACTIVATE_WARNING =
  "They are signed out at once and can no longer sign in until an admin reactivates the account.";

export type UserListData = { users: UserListItem[]; total: number; page: number; pageCount: number };

/**
 * The Users tab (spec 1 §2.15): every account with its role and status, and Deactivate/Reactivate.
 * Each row's button is a POST form (works without JavaScript); with JavaScript a fetcher sends it,
 * the row shows a busy label and the answer comes as a toast.
 */
export function UsersPanel({
  list,
  loadError,
  result,
}: {
  list: UserListData | null;
  loadError: string | null;
  /** The answer to a form sent without JavaScript (a fetcher's answer is a toast instead). */
  result: UsersActionResult | undefined;
}) {
  const confirming = result?.intent === "confirm-deactivate" && result.confirmUserId ? result : null;
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Users
        </h2>
        {list ? <p className="text-sm text-muted">{`${list.total} ${list.total === 1 ? "user" : "users"}`}</p> : null}
      </div>
      {confirming ? (
        <DeactivateQuestion result={confirming} page={list?.page ?? 1} />
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
          <p className="text-muted">No users yet.</p>
        ) : (
          <>
            {/* A phone gets a list of cards (every action in view); from a tablet up, the table. */}
            <ul aria-label="Users" className="space-y-3 md:hidden">
              {list.users.map((user) => (
                <UserCard key={user.id} user={user} page={list.page} />
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
                    <UserRow key={user.id} user={user} page={list.page} />
                  ))}
                </tbody>
              </table>
            </div>
            {list.pageCount > 1 ? <UserPaging page={list.page} pageCount={list.pageCount} /> : null}
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

function UserRow({ user, page }: { user: UserListItem; page: number }) {
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
          <UserStatusAction user={user} page={page} />
        </div>
      </td>
    </tr>
  );
}

/** One user on a phone: everything the table row shows, stacked, with the actions in view. */
function UserCard({ user, page }: { user: UserListItem; page: number }) {
  const headingId = `user-card-${user.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-4">
        <h3 id={headingId} className="font-medium break-all text-ink">
          {user.email}
          {user.isSelf ? <span className="ml-1 font-normal text-muted">(you)</span> : null}
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
          <UserStatusAction user={user} page={page} />
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
function UserStatusAction({ user, page }: { user: UserListItem; page: number }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const [confirming, setConfirming] = useState(false);
  // Only once hydrated does the button open a dialog (before that it posts the no-JS question).
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== "idle";
  const intent = user.isActive ? "deactivate" : "reactivate";
  const label = user.isActive ? "Deactivate" : "Reactivate";
  const action = `/admin/users?page=${page}`;
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

/** The deactivation question for a browser without JavaScript: its own form changes the user. */
function DeactivateQuestion({ result, page }: { result: UsersActionResult; page: number }) {
  return (
    <section
      aria-labelledby="deactivate-question"
      aria-describedby="deactivate-question-description"
      className="rounded-lg border border-red-200 bg-red-50 p-4"
    >
      <h3 id="deactivate-question" className="font-semibold break-words">
        {result.title}
      </h3>
      <p id="deactivate-question-description" className="text-sm">
        {result.description}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <form method="post" action={`/admin/users?page=${page}`}>
          <input type="hidden" name="intent" value="deactivate" />
          <input type="hidden" name="userId" value={result.confirmUserId} />
          <Button type="submit" variant="destructive">
            Deactivate user
          </Button>
        </form>
        <Link to={`/admin/users?page=${page}`} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
      </div>
    </section>
  );
}

function UserPaging({ page, pageCount }: { page: number; pageCount: number }) {
  const link = "inline-flex h-9 items-center rounded-md border border-line px-3 text-sm font-medium hover:bg-surface";
  return (
    <nav aria-label="Users pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={`/admin/users?page=${page - 1}`} className={link}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">{`Page ${page} of ${pageCount}`}</p>
      {page < pageCount ? (
        <Link to={`/admin/users?page=${page + 1}`} className={link}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
