import type { AdminActionResult } from "./admin-actions";

/**
 * The answer to an admin form sent without JavaScript, shown on the page itself (with JavaScript
 * the same answer arrives as a toast).
 */
export function ActionMessage({ result }: { result: AdminActionResult | undefined }) {
  if (!result) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={
        result.ok
          ? "rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
          : "rounded-lg border border-red-200 bg-red-50 p-4 text-danger"
      }
    >
      <p className="font-semibold">{result.title}</p>
      {result.description ? <p className="text-sm">{result.description}</p> : null}
    </div>
  );
}
