import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Loader2 } from "~/components/ui/icons";
import type { AdminActionResult } from "./admin-actions";
import { useResultToast } from "./admin-actions";
import { ActionMessage } from "./action-message";

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
  result: AdminActionResult | undefined;
}) {
  return (
    <section aria-labelledby="admin-panel-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-panel-title" className="text-xl font-semibold">
          Users
        </h2>
        {list ? <p className="text-sm text-muted">{`${list.total} ${list.total === 1 ? "user" : "users"}`}</p> : null}
      </div>
      <ActionMessage result={result} />
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
            {/* Scrolls sideways on a phone; focusable so keyboard users can scroll it too. */}
            <div
              role="region"
              aria-label="Users table"
              tabIndex={0}
              // relative: the buttons' sr-only text is positioned inside the scroller, not beyond the page.
              className="relative overflow-x-auto rounded-lg border border-line"
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

function UserRow({ user, page }: { user: UserListItem; page: number }) {
  const fetcher = useFetcher<AdminActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const intent = user.isActive ? "deactivate" : "reactivate";
  const label = user.isActive ? "Deactivate" : "Reactivate";
  return (
    <tr className="border-t border-line align-middle">
      <th scope="row" className="px-4 py-3 font-medium text-ink">
        {user.email}
        {user.isSelf ? <span className="ml-1 font-normal text-muted">(you)</span> : null}
      </th>
      <td className="px-4 py-3">
        {user.name ?? (
          <>
            <span aria-hidden>—</span>
            <span className="sr-only">No name</span>
          </>
        )}
      </td>
      <td className="px-4 py-3">
        <Badge variant={user.role === "admin" ? "default" : "outline"}>
          {user.role === "admin" ? "Admin" : "Customer"}
        </Badge>
      </td>
      <td className="px-4 py-3">
        <Badge variant={user.isActive ? "default" : "danger"}>{user.isActive ? "Active" : "Inactive"}</Badge>
      </td>
      <td className="px-4 py-3">
        <time dateTime={user.createdAt}>{user.createdAtText}</time>
      </td>
      <td className="px-4 py-3 text-right">
        {user.isSelf ? (
          <span className="text-xs text-muted">Your own account</span>
        ) : (
          <fetcher.Form method="post" action={`/admin/users?page=${page}`}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="userId" value={user.id} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              // Not `disabled`: the button keeps keyboard focus while it works and after its label changes.
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              onClick={(event) => {
                if (busy) event.preventDefault();
              }}
              className={user.isActive ? "min-w-32 text-danger" : "min-w-32"}
            >
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {busy ? (user.isActive ? "Deactivating…" : "Reactivating…") : label}
              <span className="sr-only">{` ${user.email}`}</span>
            </Button>
          </fetcher.Form>
        )}
      </td>
    </tr>
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
