import { CheckCircle2, TriangleAlert } from "lucide-react";

/**
 * The answer above an account form: a saved note, or the form's error with its detail. One place for
 * the profile's personal details and its delivery address.
 */
export function FormNotices({
  saved,
  failed,
}: {
  saved: string | null;
  failed: { formError: string; detail: string } | null | undefined;
}) {
  return (
    <>
      {saved ? (
        <div
          role="status"
          className="mt-5 flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <p className="font-semibold">{saved}</p>
        </div>
      ) : null}
      {failed ? (
        <div role="alert" className="mt-5 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{failed.formError}</p>
            <p className="text-sm">{failed.detail}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}
