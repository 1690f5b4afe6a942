import { isRouteErrorResponse } from "react-router";

export const ADMIN_ERROR_TITLE = "Something went wrong in the Admin Dashboard.";

/** The message of whatever reached the boundary: an Error, a thrown response, or anything else. */
export function adminErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" && error.data ? error.data : error.statusText;
    return detail ? `${error.status} ${detail}` : String(error.status);
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string" && error) return error;
  return "Unknown error";
}

/**
 * The dashboard's error boundary (spec 1 §2.15): the fixed sentence plus the error's message. In
 * production React Router replaces the message of an unexpected server error with a generic one,
 * so no internals reach the browser.
 */
export function AdminError({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16" lang="en">
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-danger">
        <h1 className="text-xl font-bold">{notFound ? "Page not found" : ADMIN_ERROR_TITLE}</h1>
        <p className="mt-2 text-sm">{notFound ? "This admin page does not exist." : adminErrorMessage(error)}</p>
      </div>
      <a
        href="/admin"
        className="mt-6 inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
      >
        Back to the Admin Dashboard
      </a>
    </div>
  );
}
